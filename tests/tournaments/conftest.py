"""Fixtures for the tournaments tests: the fake games, registered for one test only."""

from __future__ import annotations

import pytest

from gamekit import registry
from tests.core.fake_game import OddOneOut, OddOneOutRange


@pytest.fixture
def fake_games():
    """``oddoneout`` (3 seats, one simultaneous choice) and ``oddrange`` (the same for 2
    to 6 seats), registered for the test and removed after it."""
    with registry.registered(OddOneOut(), OddOneOutRange()):
        yield
