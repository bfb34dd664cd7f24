"""Tournament archives (``kolkhoz-tournament-archive/1``, docs/archives.md): what one
holds (``layout``), how to read one (``reader``) and how to verify one offline
(``verify``), with the standard library and the game packages only.

``python -m gamekit.archive verify tournament-12.zip`` checks every file's sha256
against ``manifest.json``, the tournament's seed commitment, each table's seed
re-derived from the seed and secret, and runs each game's own ``verify`` command on its
file; it prints OK or FAIL per game and exits 1 on any failure.
"""

from .layout import (
    FORMAT,
    commitment,
    duplicate_seed,
    expected_table_seed,
    game_stem,
    legacy_table_seed,
    sha256_hex,
    table_seed,
)
from .reader import ArchiveError, open_archive
from .verify import report_lines, verify_archive

__all__ = ["FORMAT", "ArchiveError", "commitment", "duplicate_seed", "expected_table_seed",
           "game_stem",
           "legacy_table_seed", "open_archive", "report_lines", "sha256_hex", "table_seed",
           "verify_archive"]
