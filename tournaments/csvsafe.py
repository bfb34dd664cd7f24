"""CSV cells a spreadsheet shows as text (OWASP's CSV-injection advice), for the
standings' CSV (``tournaments.renderers`` over HTTP, ``tournaments.scoring.to_csv``).

A player may be called ``+A1`` or ``-2+3`` (sign-up allows ``[\\w.@+-]``) and a bot's
name is the organiser's: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return gets a leading ``'``. A number — an int, a Fraction, or a text
that reads as one (``-5``, ``3/2``, ``1.5``: the figures the standings write as text)
— is written unchanged, so a negative score stays ``-5``.
"""

from __future__ import annotations

import re
from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?(?:/\d+)?")


def safe_cell(value: Any) -> Any:
    """``value`` for a CSV cell: a text a spreadsheet would read as a formula gets a
    leading ``'``; numbers (and texts that are only a number) and None are returned
    unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value
