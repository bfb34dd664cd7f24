"""Every released engine version stays runnable (issue 12): the guard for a version bump
that forgets to freeze the release before it.

The fixture guard (``test_engine_releases``) catches a behaviour change without a bump,
and a bump whose old fixture logs were left in place. It does not catch a bump done
"completely" but for the freeze: ``ENGINE_VERSION`` raised, the fixture logs
regenerated, the previous release neither copied to ``kolkhoz_core/releases/`` nor
registered — every stored game of that release would then be ``engine_unavailable``.
The changelog of docs/engine-api.md names every released version: the current one must
head it, and each one it names must still be runnable here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from kolkhoz_core import ENGINE_VERSION, releases

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine-api.md"


def changelog_versions(text: str) -> list[str]:
    """The versions of the ``## Changelog`` section, newest first (``- **X.Y.Z**``)."""
    section = text.split("## Changelog", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- \*\*(\d+\.\d+\.\d+)\*\*", section, flags=re.M)


def release_problems(text: str, *, current: str,
                     available: Callable[[str], bool]) -> list[str]:
    """What is wrong between the changelog and the runnable engines ([] when nothing)."""
    named = changelog_versions(text)
    problems = []
    if not named or named[0] != current:
        problems.append(f"docs/engine-api.md's changelog must begin with the current "
                        f"engine {current} (it begins with {named[:1]})")
    problems += [f"engine {v} was released (changelog) but is not runnable here: freeze it "
                 f"under kolkhoz_core/releases/ and register it in releases.FROZEN"
                 for v in named if not available(v)]
    return problems


def test_every_released_version_is_runnable_and_the_current_one_is_logged():
    text = DOC.read_text(encoding="utf-8")
    assert release_problems(text, current=ENGINE_VERSION,
                            available=releases.is_available) == []
    assert set(changelog_versions(text)) == set(releases.versions())


def test_a_bump_without_a_freeze_fails():
    text = DOC.read_text(encoding="utf-8")
    # given ENGINE_VERSION bumped to 9.0.0, the fixtures regenerated, nothing frozen
    runnable = {*releases.FROZEN, "9.0.0"}
    # when the changelog was not touched: it must name the new version
    problems = release_problems(text, current="9.0.0", available=runnable.__contains__)
    assert any("must begin with the current engine 9.0.0" in p for p in problems)
    # when it was: the release before it is not runnable
    bumped = text.replace("## Changelog\n", "## Changelog\n\n- **9.0.0** — a change.\n", 1)
    problems = release_problems(bumped, current="9.0.0", available=runnable.__contains__)
    assert problems == [f"engine {ENGINE_VERSION} was released (changelog) but is not "
                        "runnable here: freeze it under kolkhoz_core/releases/ and register "
                        "it in releases.FROZEN"]
