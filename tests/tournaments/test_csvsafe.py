"""tournaments.csvsafe: texts a spreadsheet would run as a formula are written as text;
numbers (a negative score, an exact fraction) stay numbers."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from tournaments.csvsafe import safe_cell
from tournaments.scoring import TableResult, standings, to_csv


@pytest.mark.parametrize("name", ["=1+1", "+A1", "-2+3", "@SUM", "\tx", "\rx", "=HYPERLINK(1)"])
def test_formula_like_texts_get_a_quote(name):
    assert safe_cell(name) == "'" + name


@pytest.mark.parametrize("value", ["-5", "+3", "-3/2", "-1.5", "plain", "a=b", "", None, -5,
                                   Fraction(-3, 2)])
def test_numbers_and_plain_texts_are_unchanged(value):
    assert safe_cell(value) == value


def test_to_csv_quotes_names_but_not_negative_figures():
    rows = standings([TableResult(players=("=1+1", "b", "c", "d"), places=(1, 2, 3, 4),
                                  scores=(-5, 10, 20, 30))])
    parsed = list(csv.DictReader(io.StringIO(to_csv(rows))))
    first = next(r for r in parsed if r["player"].endswith("=1+1"))
    assert first["player"] == "'=1+1"
    assert Fraction(first["cellar"]) == -5  # a negative figure stays a number
