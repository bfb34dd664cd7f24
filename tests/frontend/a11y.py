"""Every page's accessibility check and screenshots, shared by the browser tests.

``check_page(page, name)`` runs axe-core (the copy packaged by ``axe-playwright-python``,
so it works offline) on the page as it is now, fails on any *serious* or *critical*
violation (naming the rule, its help text and the first offending elements), and saves a
screenshot ``artifacts/screenshots/<name>-<width>.png`` at the current viewport. Tests
call it at desktop width and again after ``page.set_viewport_size(PHONE)``.
"""

from __future__ import annotations

from pathlib import Path

from axe_playwright_python.sync_playwright import Axe

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
BLOCKING = {"serious", "critical"}

_AXE = Axe()


def violations(page) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is now."""
    result = _AXE.run(page, options={"resultTypes": ["violations"]})
    return [v for v in result.response["violations"] if v.get("impact") in BLOCKING]


def describe(found: list[dict]) -> str:
    """A readable list: rule id, impact, help text and up to three element targets."""
    lines = []
    for v in found:
        targets = [", ".join(n.get("target", [])) for n in v["nodes"][:3]]
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} -> {targets}")
    return "\n".join(lines)


def screenshot(page, name: str) -> Path:
    """Saves the whole page as ``<name>-<viewport width>.png``; returns the path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    width = (page.viewport_size or DESKTOP)["width"]
    path = SCREENSHOTS / f"{name}-{width}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def check_page(page, name: str) -> None:
    """Screenshot the page, then fail on any serious or critical axe-core violation."""
    screenshot(page, name)
    found = violations(page)
    assert not found, f"accessibility violations on {name}:\n{describe(found)}"
