"""CSV for the standings (``?format=csv`` or ``Accept: text/csv``)."""

from __future__ import annotations

from typing import Any

from rest_framework.renderers import BaseRenderer

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
        if isinstance(data, dict) and "error" in data:
            out.write(f"error,{data['error'].get('code')},{data['error'].get('message')}\r\n")
            return out.getvalue().encode()
        view = (renderer_context or {}).get("view")
        cols = list(getattr(view, "csv_columns", None) or CSV_COLUMNS)
        w = csv.writer(out)
        w.writerow(cols)
        for r in rows:
            cells = {**r, **csv_cells(r)}
            w.writerow([cells.get(c) for c in cols])
        return out.getvalue().encode("utf-8")
