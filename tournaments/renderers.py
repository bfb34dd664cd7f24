"""CSV for the standings (``?format=csv`` or ``Accept: text/csv``)."""

from __future__ import annotations

from typing import Any

from rest_framework.renderers import BaseRenderer


class StandingsCSVRenderer(BaseRenderer):
    """Standings rows as CSV (tournaments.scoring.to_csv's columns)."""

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
        cols = ["rank", "player", "games", "points", "cellar", "medals", "opponents_points",
                "firsts", "seconds", "thirds", "fourths"]
        w = csv.writer(out)
        w.writerow(cols)
        for r in rows:
            w.writerow([r.get(c) for c in cols])
        return out.getvalue().encode("utf-8")
