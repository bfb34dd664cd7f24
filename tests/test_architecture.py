"""The platform's shape, checked: the import contracts of pyproject.toml (import-linter:
layers, standard-library game packages, no import cycles inside a package, disputes only
through the tournaments services), no private name imported across modules, errors defined
in ``errors`` modules, and modules no longer than ~400 lines — the apps', ``gamekit``'s
and every game package's (each ``*_core`` directory, its frozen ``releases/`` apart)
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
APPS = ["accounts", "config", "disputes", "frontend", "replays", "seasons", "tournaments"]
CONTRACT_TYPES = {"layers": LayersContract, "forbidden": ForbiddenContract,
                  "acyclic_siblings": AcyclicSiblingsContract}
MAX_LINES = 400
# The packages below the apps: the shared one, and every game package (a directory named
# ``*_core``) whose ``releases/`` (frozen engines, digest-checked, never edited) are apart.
SHARED_PACKAGES = ["gamekit"]
GAME_PACKAGE_GLOB = "*_core"
FROZEN_DIR = "releases"


def app_modules() -> list[Path]:
    return sorted(p for app in APPS for p in (ROOT / app).rglob("*.py")
                  if "migrations" not in p.parts)


def game_modules(root: Path = ROOT) -> list[Path]:
    """Every module of ``gamekit`` and of each ``*_core`` package under ``root``, the
    frozen releases (``<package>/releases/``) left out."""
    packages = [root / name for name in SHARED_PACKAGES]
    packages += sorted(p for p in root.glob(GAME_PACKAGE_GLOB) if p.is_dir())
    return sorted(p for pkg in packages for p in pkg.rglob("*.py")
                  if p.relative_to(pkg).parts[0] != FROZEN_DIR)


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
    ("tournaments.services", "seasons.services", "layers"),   # nor tournaments seasons
    ("seasons.services", "frontend.views", "layers"),         # seasons sit below the pages
    ("seasons.divisions", "django.db", "league-core-pure"),   # the season rules stay pure
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


def test_modules_stay_small():
    """Every module of the apps, of ``gamekit`` and of every game package is at most
    MAX_LINES lines long."""
    long = {str(p.relative_to(ROOT)): n for p in app_modules() + game_modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, (
        f"modules over {MAX_LINES} lines: "
        + ", ".join(f"{path} ({n} lines)" for path, n in sorted(long.items()))
        + ". Split each by concept into sibling modules and re-export the public names "
        "from the old module (or update its importers) — docs/architecture.md, 'Modules "
        "stay small'.")


def test_the_size_rule_covers_every_game_package_but_not_its_frozen_releases(tmp_path):
    # given the shared package, a future game package and a directory that is neither
    for rel in ("gamekit/seam.py", "kolkhoz_core/state.py", "kolkhoz_core/bots/sim.py",
                "kolkhoz_core/releases/v0_1_0/state.py", "dice_core/engine.py",
                "dice_core/releases/v1/engine.py", "tournaments/services.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    # then the rule measures gamekit and every *_core package, releases apart
    assert [str(p.relative_to(tmp_path)) for p in game_modules(tmp_path)] == [
        "dice_core/engine.py", "gamekit/seam.py", "kolkhoz_core/bots/sim.py",
        "kolkhoz_core/state.py"]
    # and, in this repository, the engine's modules (not its frozen release's)
    here = {str(p.relative_to(ROOT)) for p in game_modules()}
    assert {"kolkhoz_core/state.py", "kolkhoz_core/bots/sim.py", "gamekit/seam.py"} <= here
    assert not any("/releases/" in p for p in here)
