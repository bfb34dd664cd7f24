"""``python -m arne_core``: the command line (arne_core.cli)."""

import sys

from .cli import main

sys.exit(main())
