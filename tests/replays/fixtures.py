"""The fixture records under tests/fixtures/records/.

- ``NAME.json`` — a kolkhoz-record/1 document;
- ``NAME.expected.json`` — the result the rulings give (``game_end`` fields, or
  ``{"exit": 2, "error": {...}}`` for a record the adjudicator must refuse);
- ``NAME.log.jsonl`` — the full adjudicated log recorded when the fixture was made
  (records from ``python -m kolkhoz_core play``), compared event for event; it is the
  CURRENT engine's log (its ``game`` event names ``ENGINE_VERSION``).

Under tests/fixtures/releases/VERSION/: the logs of earlier engine releases, kept when
the engine moved on (``NAME.log.jsonl``, self-contained: the record is the log's own,
its seed revealed in ``game_end``); each must stay reproducible by that frozen release.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "records"
RELEASES = RECORDS.parent / "releases"


def record_names() -> list[str]:
    return sorted(p.name[: -len(".json")] for p in RECORDS.glob("*.json")
                  if not p.name.endswith(".expected.json"))


def load_record(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))


def load_expected(name: str) -> dict[str, Any] | None:
    path = RECORDS / f"{name}.expected.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def load_log(name: str) -> list[dict[str, Any]] | None:
    path = RECORDS / f"{name}.log.jsonl"
    if not path.exists():
        return None
    return _read_log(path)


def is_refused(name: str) -> bool:
    expected = load_expected(name)
    return bool(expected and expected.get("exit") == 2)


def change_current_rules(monkeypatch: Any) -> None:
    """Simulate a behaviour change of the CURRENT engine only (the lowest score wins:
    ``game_end`` places reversed), as a rules change without a version bump would be.
    A frozen release keeps its own copy of every rule, so it is untouched."""
    from kolkhoz_core import requisition

    real = requisition.game_end_event

    def reversed_ranking(s: Any, seed: str | None) -> dict[str, Any]:
        end = real(s, seed)
        end["places"] = [5 - p for p in end["places"]]
        return end

    monkeypatch.setattr(requisition, "game_end_event", reversed_ranking)


def _read_log(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def release_fixtures() -> list[tuple[str, str]]:
    """``(version, name)`` of every stored log of an earlier engine release."""
    return sorted((p.parent.name, p.name[: -len(".log.jsonl")])
                  for p in RELEASES.glob("*/*.log.jsonl"))


def load_release_log(version: str, name: str) -> list[dict[str, Any]]:
    return _read_log(RELEASES / version / f"{name}.log.jsonl")
