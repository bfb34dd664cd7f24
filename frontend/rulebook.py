"""The rulebook pages' HTML: ``docs/rules.md`` (Kolkhoz, at ``/rules/``) and each further
game's ``docs/<game id>/rules.md`` (at ``/rules/<game id>/``), rendered with
Python-Markdown.

Each clause in a rulebook starts with ``<a id="clause.id"></a>`` (kept as raw HTML), so
``/rules/#req.take`` lands on it; headings get GitHub-style ids (the ``toc``
extension). Rendered once per change of the file (keyed by its mtime)."""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path

import markdown
from django.conf import settings
from django.urls import reverse


def rules_path() -> Path:
    """docs/rules.md, the rulebook this site serves at /rules/."""
    return Path(settings.BASE_DIR) / "docs" / "rules.md"


def game_rules_path(game_id: str) -> Path | None:
    """``docs/<game_id>/rules.md`` when that game has its own rulebook, else None (a game
    id is a plain slug: anything else has none)."""
    if not game_id.replace("_", "").isalnum():
        return None
    path = Path(settings.BASE_DIR) / "docs" / game_id / "rules.md"
    return path if path.is_file() else None


def game_rulebooks() -> list[str]:
    """The ids of the games with a rulebook of their own under docs/, sorted."""
    docs = Path(settings.BASE_DIR) / "docs"
    return sorted(p.parent.name for p in docs.glob("*/rules.md")
                  if game_rules_path(p.parent.name) is not None)


def rulebooks() -> dict[str, str]:
    """Where each rulebook document is served: ``{repository path: page URL}``, e.g.
    ``{"docs/rules.md": "/rules/", "docs/gongzhu/rules.md": "/rules/gongzhu/"}``. A
    game's clause anchors (``GameDefinition.clause_anchor``:
    ``"docs/rules.md#req.take"``) name the path; the page shell turns them into links
    with this map (``static/frontend/clauses.js``)."""
    path = rules_path().relative_to(Path(settings.BASE_DIR)).as_posix()
    out = {path: reverse("rules")}
    for game_id in game_rulebooks():
        out[f"docs/{game_id}/rules.md"] = reverse("game_rules", args=[game_id])
    return out


_TABLE = re.compile(r"<table>.*?</table>", re.S)
_HEADER_CELL = re.compile(r"<th[^>]*>(.*?)</th>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _scrollable(match: re.Match[str]) -> str:
    """A table in its own keyboard-scrollable region, named by its columns (a phone
    scrolls the table sideways, not the page; scrollhint.js adds the visible hint)."""
    table = match.group(0)
    columns = [html.unescape(_TAG.sub("", c)).strip() for c in _HEADER_CELL.findall(table)]
    name = html.escape(f"Table of {', '.join(c for c in columns if c) or 'the rules'}",
                       quote=True)
    return f'<div class="scroll" role="region" tabindex="0" aria-label="{name}">{table}</div>'


@functools.lru_cache(maxsize=8)
def _render(path: str, mtime: float) -> str:  # noqa: ARG001 - mtime is the cache key
    text = Path(path).read_text(encoding="utf-8")
    out = markdown.markdown(text, extensions=["tables", "toc", "fenced_code", "sane_lists"],
                            output_format="html")
    return _TABLE.sub(_scrollable, out)


def rules_html(path: Path | None = None) -> str:
    """A rulebook (default docs/rules.md) as HTML (trusted project text: raw HTML
    anchors are kept)."""
    path = path or rules_path()
    return _render(str(path), path.stat().st_mtime)
