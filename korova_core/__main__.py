"""``python -m korova_core`` (korova_core.cli)."""

import sys

from .cli import main

sys.exit(main())
