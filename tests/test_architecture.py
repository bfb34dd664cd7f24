"""The platform's shape, checked: the import contracts of pyproject.toml (import-linter:
layers, standard-library game packages, no import cycles inside a package, disputes only
through the tournaments services), no private name imported across modules, errors defined
in ``errors`` modules, and modules of the apps no longer than ~400 lines
(docs/architecture.md)."""

from __future__ import annotations

import ast
import copy
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest
from importlinter.api import read_configuration
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract

ROOT = Path(__file__).resolve().parent.parent
APPS = ["accounts", "config", "disputes", "frontend", "replays", "tournaments"]
CONTRACT_TYPES = {"layers": LayersContract, "forbidden": ForbiddenContract,
                  "acyclic_siblings": AcyclicSiblingsContract}
MAX_LINES = 400
# Modules another change owns (the game seam rewrites replays/engine.py).
LONG_MODULES_PENDING = {"replays/engine.py"}


def app_modules() -> list[Path]:
    return sorted(p for app in APPS for p in (ROOT / app).rglob("*.py")
                  if "migrations" not in p.parts)


def test_lint_imports_keeps_every_contract():
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or "lint-imports"
    r = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 broken" in r.stdout


@pytest.fixture(scope="module")
def contracts():
    config = read_configuration(str(ROOT / "pyproject.toml"))
    session = config["session_options"]
    graph = grimp.build_graph(*session["root_packages"], include_external_packages=True,
                              cache_dir=None)

    def kept(*extra_imports: tuple[str, str]) -> dict[str, bool]:
        g = copy.deepcopy(graph)
        for importer, imported in extra_imports:
            g.add_import(importer=importer, imported=imported)
        return {c["id"]: CONTRACT_TYPES[c["type"]](name=c["name"], session_options=session,
                                                   contract_options=c)
                .check(g, verbose=False).kept for c in config["contracts_options"]}
    return kept


@pytest.mark.parametrize("importer, imported, contract", [
    ("replays.services", "replays.tasks", "acyclic"),         # the cycles this branch broke
    ("replays.signals", "replays.services", "acyclic"),
    ("tournaments.services", "tournaments.tasks", "acyclic"),
    ("tournaments.humans", "tournaments.services", "acyclic"),
    ("replays.services", "tournaments.models", "layers"),     # replays never imports tournaments
    ("tournaments.apis", "accounts.services", "layers"),      # nor tournaments accounts
    ("disputes.services", "accounts.services", "layers"),     # siblings stay independent
    ("kolkhoz_core.engine", "django", "games-standalone"),
    ("disputes.services", "tournaments.models", "disputes-through-tournaments-services"),
])
def test_each_contract_catches_what_it_forbids(contracts, importer, imported, contract):
    assert all(contracts().values())
    assert contracts((importer, imported))[contract] is False


def test_no_private_name_is_imported_across_modules():
    found = []
    for path in app_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                found += [f"{path.relative_to(ROOT)}:{node.lineno} {a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert found == []


def test_error_classes_live_in_errors_modules():
    elsewhere = []
    for path in app_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and path.name != "errors.py" and any(
                    isinstance(b, ast.Name) and b.id.endswith("Error") for b in node.bases):
                elsewhere.append(f"{path.relative_to(ROOT)}:{node.name}")
    assert elsewhere == []


def test_app_modules_stay_small():
    long = {str(p.relative_to(ROOT)): n for p in app_modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert set(long) <= LONG_MODULES_PENDING, long
