"""kolkhoz_core and gamekit (the shared package every game may use) are pure Python,
standard library only: they never pull in the platform's web stack (Django, DRF, Celery),
neither at import time nor in their source. A game package may import gamekit; gamekit
imports no game package."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

try:
    from .props_helpers import ROOT
except ImportError:  # rootdir-relative import (tests/core is not a package)
    from props_helpers import ROOT

PACKAGE = ROOT / "kolkhoz_core"
SHARED = ROOT / "gamekit"
FORBIDDEN = ("django", "rest_framework", "celery")
SOURCES = sorted(PACKAGE.rglob("*.py")) + sorted(SHARED.rglob("*.py"))


def _imported_roots(path: Path) -> set[str]:
    """Top-level module names imported (absolutely) by one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant)):
            roots.add(str(node.args[0].value).split(".")[0])
    return roots


def test_the_package_has_sources() -> None:
    # (guard: the scans below do look at the engine)
    names = {p.name for p in SOURCES}
    assert {"__init__.py", "decide.py", "state.py", "record.py"} <= names


@pytest.mark.parametrize("module", [
    "kolkhoz_core", "kolkhoz_core.cli", "kolkhoz_core.bench", "kolkhoz_core.bots",
    "kolkhoz_core.runner", "kolkhoz_core.views", "kolkhoz_core.record",
    "kolkhoz_core.definition", "gamekit", "gamekit.seam", "gamekit.registry",
])
def test_importing_the_engine_loads_no_web_stack(module: str) -> None:
    # given a fresh interpreter (where django, DRF and celery are installed)
    code = (
        "import importlib, json, sys\n"
        f"importlib.import_module({module!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    # when the engine module is imported
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    loaded = json.loads(r.stdout)
    # then none of the platform's web/queue packages were loaded
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert bad == [], bad


def test_the_forbidden_packages_are_installed_so_the_import_test_means_something() -> None:
    # (guard: if django were not installed, the test above could not fail)
    import importlib.util
    assert importlib.util.find_spec("django") is not None


def test_a_cli_run_loads_no_web_stack() -> None:
    # given a full `play` run of the CLI in-process in a fresh interpreter
    code = (
        "import io, json, sys\n"
        "from kolkhoz_core.cli import main\n"
        "main(['play', '--preset', 'zone', '--seed', 'pure'], out=io.StringIO())\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    # then still no web stack
    assert [m for m in json.loads(r.stdout) if m.split(".")[0] in FORBIDDEN] == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_engine_source_imports_the_web_stack(path: Path) -> None:
    # given one source file of the engine
    text = path.read_text(encoding="utf-8")
    # then it names none of django / rest_framework / celery in an import (AST and grep)
    assert not (_imported_roots(path) & set(FORBIDDEN))
    for word in FORBIDDEN:
        for line in text.splitlines():
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")):
                assert word not in stripped, f"{path.name}: {stripped}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_engine_import_is_standard_library_or_the_engine(path: Path) -> None:
    # given one source file of the engine
    roots = _imported_roots(path)
    # then every absolute import is the standard library, gamekit, or (in the game
    # package) kolkhoz_core itself — gamekit never imports a game package
    own = ("gamekit",) if path.is_relative_to(SHARED) else ("gamekit", "kolkhoz_core")
    foreign = sorted(r for r in roots
                     if r not in sys.stdlib_module_names and r not in (*own, "__future__"))
    assert foreign == [], f"{path.name} imports {foreign}"


# -- the public surface the platform imports --------------------------------------------------
def _documented_functions() -> list[str]:
    import re
    text = (ROOT / "docs" / "engine-api.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"`([a-z_]+)\(", text)))


def test_the_api_document_lists_functions() -> None:
    # (guard: the parse below finds the documented names)
    names = _documented_functions()
    assert {"decide", "evolve", "fold", "adjudicate", "redact_events"} <= set(names)


@pytest.mark.parametrize("name", _documented_functions())
def test_every_function_of_the_api_document_is_importable_from_kolkhoz_core(name: str) -> None:
    """docs/engine-api.md: "The Django apps reach the engine only through the names below
    (imported from `kolkhoz_core`)". BUG: ``parse_record(obj) -> Record`` is documented
    under "Records" but kolkhoz_core has no such name (nor any ``Record`` type)."""
    import kolkhoz_core
    # given a function named in docs/engine-api.md
    # then `from kolkhoz_core import <name>` works and gives a callable
    assert callable(getattr(kolkhoz_core, name, None)), f"kolkhoz_core.{name} is missing"


def test_the_documented_types_have_their_documented_members() -> None:
    import re

    import kolkhoz_core as kc
    from kolkhoz_core.bots import get_bot
    # given a game state, a ruleset, choices and an adjudication error
    rs = kc.build_ruleset(None)
    state = kc.fold(kc.new_game(rs, ["A", "B", "C", "D"], 0))
    # then each has the members docs/engine-api.md promises
    for attr in ("seq", "phase", "to_move", "year", "planner", "finished", "result"):
        assert hasattr(state, attr), attr
    assert callable(state.copy) and callable(state.apply)
    assert state.phase in ("deal", "trump", "swap", "play", "assign", "over")
    assert rs.preset == "kolkhoz" and set(rs.to_dict()) == {"preset", "options"}
    ch = kc.choices(state)
    assert (ch.kind, ch.seat) == ("deal", None)
    with pytest.raises(kc.AdjudicationError) as exc:
        kc.adjudicate({"format": "kolkhoz-record/1", "ruleset": None, "seats": ["A"],
                       "first_planner": 0, "inputs": []})
    for attr in ("code", "message", "rule", "input_index", "events"):
        assert hasattr(exc.value, attr), attr
    assert callable(get_bot("random").choose)
    assert kc.__version__ == kc.ENGINE_VERSION
    assert re.fullmatch(r"rulings@[0-9a-f]{12}", kc.RULES_VERSION)
