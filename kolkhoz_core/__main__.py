"""``python -m kolkhoz_core``: see ``cli``."""

import sys

from .cli import main

sys.exit(main())
