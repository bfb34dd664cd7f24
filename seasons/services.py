"""The seasons' writes, one entry point: opening a season in divisions by rating
(``season_open``) or from the previous season's moves (``season_next``), and closing
one (``season_close``). Keyword-only, each in one transaction under the league's row
lock, storing nothing when it raises (docs/seasons.md)."""

from .closing import season_close  # noqa: F401 - re-exported
from .opening import players_named, season_next, season_open  # noqa: F401 - re-exported
