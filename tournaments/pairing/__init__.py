"""Schedules for tables of any size (four seats by default, Kolkhoz's): round-robin,
Swiss and match series.

Pure Python (standard library only, no Django): the Django app turns these
schedules into ``Round`` and ``Table`` rows.  Every function is deterministic
given its inputs and its ``seed`` (all randomness comes from one
``random.Random(seed)``).

The package, by concept: ``schedule`` (the shapes of tables, rounds and schedules; the
table sizes; name checks; the statistics), ``seats`` (equitable seats over a schedule),
``round_robin`` (the round-robin and the match series), ``swiss`` (Swiss rounds,
remainders: smaller tables, byes or house bots), ``swiss_fill`` (who gets the byes and
the house-bot seats: the fewest so far), ``swiss_search`` (the cost and the partition
search), ``swiss_seats`` (seats at a Swiss table) and ``duplicate_seats`` (seats at a
duplicate table, boards of a one-table round; docs/duplicate.md); each module's
docstring states its method. Every public name is re-exported here.
"""

from .duplicate_seats import (
    DUPLICATE_W_SEAT_MISS,
    boards,
    duplicate_seat_table,
    least_held_misses,
)
from .round_robin import affine_plane_ag24, match_series, round_robin
from .schedule import (
    SEATS,
    Round,
    Table,
    check_names,
    check_seats,
    pair_counts,
    repeat_count,
    repeat_lower_bound,
    seat_counts,
    spread_lower_bound,
    table_sizes,
)
from .seats import assign_seats
from .swiss import (
    DEFAULT_HOUSE_BOTS,
    PairingHistory,
    PlayerStanding,
    SwissRound,
    house_bot_names,
    swiss_round,
)
from .swiss_fill import BotPlan, bot_plan, choose_byes, house_bot_counts
from .swiss_search import (
    SWISS_EXHAUSTIVE_MAX,
    SWISS_W_BOT_CLUMP,
    SWISS_W_REPEAT_PAIR,
    SWISS_W_REPEAT_TABLE,
)
from .swiss_seats import SWISS_SEAT_EXHAUSTIVE_MAX

__all__ = [
    "SEATS",
    "Table",
    "Round",
    "PlayerStanding",
    "PairingHistory",
    "SwissRound",
    "round_robin",
    "swiss_round",
    "match_series",
    "assign_seats",
    "boards",
    "duplicate_seat_table",
    "least_held_misses",
    "DUPLICATE_W_SEAT_MISS",
    "pair_counts",
    "repeat_count",
    "repeat_lower_bound",
    "spread_lower_bound",
    "seat_counts",
    "affine_plane_ag24",
    "check_names",
    "SWISS_W_REPEAT_TABLE",
    "SWISS_W_BOT_CLUMP",
    "SWISS_W_REPEAT_PAIR",
    "SWISS_EXHAUSTIVE_MAX",
    "DEFAULT_HOUSE_BOTS",
    "SWISS_SEAT_EXHAUSTIVE_MAX",
    "check_seats",
    "house_bot_names",
    "table_sizes",
    "BotPlan",
    "bot_plan",
    "choose_byes",
    "house_bot_counts",
]
