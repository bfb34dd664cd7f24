"""The rulebook page's HTML: ``docs/rules.md`` rendered with Python-Markdown.

Each clause in rules.md starts with ``<a id="clause.id"></a>`` (kept as raw HTML), so
``/rules/#req.take`` lands on it; headings get GitHub-style ids (the ``toc``
extension). Rendered once per change of the file (keyed by its mtime)."""

from __future__ import annotations

import functools
from pathlib import Path

import markdown
from django.conf import settings
from django.urls import reverse


def rules_path() -> Path:
    """docs/rules.md, the rulebook this site serves at /rules/."""
    return Path(settings.BASE_DIR) / "docs" / "rules.md"


def rulebooks() -> dict[str, str]:
    """Where each rulebook document is served: ``{repository path: page URL}``, e.g.
    ``{"docs/rules.md": "/rules/"}``. A game's clause anchors
    (``GameDefinition.clause_anchor``: ``"docs/rules.md#req.take"``) name the path; the
    page shell turns them into links with this map (``static/frontend/clauses.js``)."""
    path = rules_path().relative_to(Path(settings.BASE_DIR)).as_posix()
    return {path: reverse("rules")}


@functools.lru_cache(maxsize=2)
def _render(path: str, mtime: float) -> str:  # noqa: ARG001 - mtime is the cache key
    text = Path(path).read_text(encoding="utf-8")
    return markdown.markdown(text, extensions=["tables", "toc", "fenced_code", "sane_lists"],
                             output_format="html")


def rules_html() -> str:
    """docs/rules.md as HTML (trusted project text: raw HTML anchors are kept)."""
    path = rules_path()
    return _render(str(path), path.stat().st_mtime)
