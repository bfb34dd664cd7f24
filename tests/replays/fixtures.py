"""The fixture records under tests/fixtures/records/.

- ``NAME.json`` — a kolkhoz-record/1 document;
- ``NAME.expected.json`` — the result the rulings give (``game_end`` fields, or
  ``{"exit": 2, "error": {...}}`` for a record the adjudicator must refuse);
- ``NAME.log.jsonl`` — the full adjudicated log recorded when the fixture was made
  (records from ``python -m kolkhoz_core play``), compared event for event.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "records"


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
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def is_refused(name: str) -> bool:
    expected = load_expected(name)
    return bool(expected and expected.get("exit") == 2)
