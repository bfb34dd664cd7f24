"""Every package the code imports is declared in pyproject.toml: the apps' and games' in
``dependencies``, the tests' in ``dependencies`` or the ``dev`` extras (what ``make setup``
installs), so a fresh ``make test`` runs every test instead of skipping one for a missing
package (and CI, under CI=true, fails rather than skips)."""

from __future__ import annotations

import ast
import importlib.metadata as metadata
import os
import re
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CODE = ["accounts", "config", "disputes", "frontend", "replays", "seasons", "tournaments",
        "gamekit", "kolkhoz_core", "gongzhu_core", "korova_core", "arne_core"]
# pytest plugins the suite uses through fixtures and options rather than imports
PLUGINS = {"pytest-django", "pytest-xdist", "pytest-playwright"}


def _name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9_.-]+", requirement)[0]).lower()


def declared(*, dev: bool) -> set[str]:
    names = {_name(r) for r in PYPROJECT["project"]["dependencies"]}
    if dev:
        names |= {_name(r) for r in PYPROJECT["project"]["optional-dependencies"]["dev"]}
    return names


def _local_names() -> set[str]:
    """Top-level names that are the project's own: its packages and modules, and the
    test helpers imported rootdir-relative (``from fake_game import …``)."""
    return ({p.stem for p in ROOT.iterdir()}
            | {p.stem for p in (ROOT / "tests").rglob("*.py")})


def imported(paths: list[Path]) -> dict[str, str]:
    """Third-party top-level module -> the first file importing it."""
    local, found = _local_names(), {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in local:
                    found.setdefault(top, str(path.relative_to(ROOT))
                                     if path.is_relative_to(ROOT) else path.name)
    return found


@cache
def _providers() -> dict[str, list[str]]:
    return metadata.packages_distributions()


def undeclared(modules: dict[str, str], allowed: set[str]) -> list[str]:
    providers = _providers()
    return [f"{module} (imported by {where}; installed from "
            f"{providers.get(module) or 'nothing: not installed'})"
            for module, where in sorted(modules.items())
            if not {_name(d) for d in providers.get(module, [])} & allowed]


def test_the_apps_and_games_import_only_declared_dependencies() -> None:
    paths = [p for pkg in CODE for p in (ROOT / pkg).rglob("*.py")]
    missing = undeclared(imported(paths), declared(dev=False))
    assert not missing, "declare in [project] dependencies:\n" + "\n".join(missing)


def test_the_tests_import_only_packages_of_the_dev_extras() -> None:
    missing = undeclared(imported(sorted((ROOT / "tests").rglob("*.py"))), declared(dev=True))
    assert not missing, "declare in the dev extras:\n" + "\n".join(missing)
    assert PLUGINS <= declared(dev=True)
    # the hostile-input and accessibility tools are the dev extras' own
    assert {"schemathesis", "axe-playwright-python", "hypothesis"} <= declared(dev=True)


def test_the_check_sees_an_undeclared_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import grimp\nimport os\nfrom yaml import safe_load\n")
    found = imported([probe])
    assert found == {"grimp": "probe.py", "yaml": "probe.py"}
    assert [m.split()[0] for m in undeclared(found, {"pyyaml"})] == ["grimp"]
    assert not undeclared(found, {"pyyaml", "grimp"})


@pytest.mark.parametrize("ci", ["true", ""])
def test_the_schema_fuzzing_fails_under_ci_when_schemathesis_is_missing(tmp_path, ci) -> None:
    """With schemathesis unimportable, importing the schema fuzzing's module skips it with
    a message locally and raises the ImportError under CI=true (a collection error: never
    a silent skip in CI)."""
    hidden = tmp_path / "schemathesis"
    hidden.mkdir()
    (hidden / "__init__.py").write_text("raise ImportError('hidden by the test')\n")
    env = {**os.environ, "CI": ci, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    probe = ("import _pytest.outcomes as o\n"
             "try:\n    import tests.harness.test_schemathesis\n"
             "except o.Skipped as e:\n    print('SKIPPED:', e.msg)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    if ci:
        assert done.returncode != 0 and "ImportError: hidden by the test" in done.stderr
    else:
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.startswith("SKIPPED: schemathesis is not installed")
