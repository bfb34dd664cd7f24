"""CSV for the standings (``?format=csv`` or ``Accept: text/csv``); every cell through
``tournaments.csvsafe.safe_cell`` (a name like ``=1+1`` is shown as text)."""

from __future__ import annotations

from typing import Any

from rest_framework.renderers import BaseRenderer

from .csvsafe import safe_cell
from .scoring import CSV_COLUMNS, csv_cells


class StandingsCSVRenderer(BaseRenderer):
    """Standings rows as CSV: the view's ``csv_columns`` (the tournament's game's:
    ``tournaments.scoring.csv_columns``), Kolkhoz's by default; the columns added after
    the first ones are flattened from the JSON row by ``scoring.csv_cells``."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: dict[str, Any] | None = None) -> bytes:
        import csv
        import io

        rows = data.get("results", data) if isinstance(data, dict) else data
        out = io.StringIO()
        w = csv.writer(out)
        if isinstance(data, dict) and "error" in data:
            err = data["error"]
            w.writerow(["error", safe_cell(err.get("code")), safe_cell(err.get("message"))])
            return out.getvalue().encode("utf-8")
        view = (renderer_context or {}).get("view")
        cols = list(getattr(view, "csv_columns", None) or CSV_COLUMNS)
        w.writerow(cols)
        for r in rows:
            cells = {**r, **csv_cells(r)}
            w.writerow([safe_cell(cells.get(c)) for c in cols])
        return out.getvalue().encode("utf-8")
