"""Issue 19, "reproducibility from the seed": every bot of every game decides the same
in every process. Python salts ``str`` hashes per process (``PYTHONHASHSEED``), so a bot
that iterates a set of cards — or sums floats in that order and breaks a tie on the
result — plays another game in another worker, and a table resumed after a crash would
leave its seed's log. Gong Zhu's heuristic did (``gongzhu_core.bots.knowledge``); 20
games per bot of every game showed it in two processes.

Given two fresh interpreters with different hash seeds / when each plays the same seeded
games with every bot kind of every registered game / then their logs are identical."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("hashseed_probe.py")


def test_every_bot_of_every_game_plays_the_same_under_any_hash_seed():
    procs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed,
               "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        procs.append(subprocess.Popen([sys.executable, str(PROBE), "20"], env=env,
                                      cwd=str(ROOT), stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    out = []
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, stderr[-2000:]
        out.append(stdout.strip())
    assert len(out[0]) == 64 and out[0] == out[1]
