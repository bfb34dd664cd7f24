"""``python -m korova_core`` (gongzhu_core.cli)."""

import sys

from .cli import main

sys.exit(main())
