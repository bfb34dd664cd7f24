"""The Arne Total rulebook (docs/arne/rules.md) against the rulings it explains
(docs/design/arne/RULINGS.md): one anchor per clause id, on that clause's heading; no
citation of a clause the rulings do not have; every clause with its source passage, option
and settled point; internal links that land and nothing linked outside the repository; and
the page served at /rules/arne/. Nothing here needs the engine (arne_core)."""

from __future__ import annotations

import re
from pathlib import Path

import markdown

REPO = Path(__file__).resolve().parents[2]
RULINGS = REPO / "docs" / "design" / "arne" / "RULINGS.md"
RULEBOOK = REPO / "docs" / "arne" / "rules.md"

#: a clause is a bullet of RULINGS.md that opens with its id: "- `x3.target` — …". The
#: first part has no underscore, so an option value bullet ("- `after_action` — …") is not one.
CLAUSE_BULLET = re.compile(r"^- `([a-z][a-z0-9]*(?:\.[a-z0-9_]+)?)` —", re.MULTILINE)
#: a dotted clause-shaped id in backticks ("`claim.last`", "`thief.*`")
DOTTED = re.compile(r"`([a-z][a-z0-9]*\.(?:[a-z0-9_]+|\*))`")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
CLAUSE_LINK = re.compile(r"\[`([^`]+)`\]\(#([^)]+)\)")
EXTENSIONS = ["tables", "toc", "fenced_code", "sane_lists"]  # frontend/rulebook.py's


def rulings_clauses() -> list[str]:
    """Every clause id RULINGS.md defines, in its order."""
    return CLAUSE_BULLET.findall(RULINGS.read_text(encoding="utf-8"))


def families(clauses: list[str]) -> set[str]:
    return {c.split(".")[0] for c in clauses if "." in c}


def clause_sections(text: str) -> dict[str, str]:
    """Each anchored clause's text: from its heading to the next heading."""
    out: dict[str, str] = {}
    parts = re.split(r"^(#+ .*)$", text, flags=re.MULTILINE)
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        found = ANCHOR.search(heading)
        if found:
            out[found.group(1)] = body
    return out


def test_rulings_clause_ids_are_all_found():
    """Given RULINGS.md / when its clause bullets are read / then ids with digits are found
    too (draw3, minus200, x3.*, plus2.*), there are no duplicates, and every dotted id the
    rulings cite in backticks is one of them (or a family `x.*` of them) — so the list the
    other tests use is complete."""
    clauses = rulings_clauses()
    assert len(clauses) == len(set(clauses))
    assert len(clauses) >= 60
    assert {"draw3", "minus200", "x3.target", "x3.once", "plus2.colour", "plus2.give",
            "claim.last", "window.priority", "end.final_no_white", "team"} <= set(clauses)
    assert "after_action" not in clauses  # an option value, not a clause
    cited = set(DOTTED.findall(RULINGS.read_text(encoding="utf-8")))
    unknown = {c for c in cited - set(clauses)
               if not (c.endswith(".*") and c[:-2] in families(clauses))}
    assert not unknown, sorted(unknown)


def test_rulebook_anchors_every_clause_once_on_its_heading():
    """Given docs/arne/rules.md / when its anchors are read / then every clause id of
    RULINGS.md has exactly one <a id="..."></a>, on a heading that names the id (the
    convention of the other rulebooks), and no anchor names anything else."""
    text = RULEBOOK.read_text(encoding="utf-8")
    clauses = rulings_clauses()
    assert sorted(ANCHOR.findall(text)) == sorted(clauses)
    for clause in clauses:
        pattern = rf'^#+ <a id="{re.escape(clause)}"></a>`{re.escape(clause)}` — \S'
        assert re.search(pattern, text, re.MULTILINE), clause


def test_rulebook_cites_only_clauses_of_the_rulings():
    """Given the rulebook / when its clause links `[`id`](#id)` and its dotted ids in
    backticks are read / then each names a clause of RULINGS.md, and a link's text is its
    target."""
    text = RULEBOOK.read_text(encoding="utf-8")
    clauses = set(rulings_clauses())
    links = CLAUSE_LINK.findall(text)
    assert len(links) >= 100
    for label, target in links:
        assert label == target, (label, target)
        assert target in clauses, target
    cited = {c for c in DOTTED.findall(text) if c.split(".")[0] in families(list(clauses))}
    assert cited and cited <= clauses, sorted(cited - clauses)


def test_every_clause_gives_its_source_option_and_settled_point():
    """Given each clause's section / when read / then it quotes the Russian source (or
    says it has none) with an English translation, and names its option and its settled
    point (each possibly "none")."""
    sections = clause_sections(RULEBOOK.read_text(encoding="utf-8"))
    assert set(sections) == set(rulings_clauses())
    for clause, body in sections.items():
        assert "*Source:*" in body, clause
        assert re.search(r"\*Option:\*", body), clause
        assert re.search(r"\*Settled points?:\*", body), clause
        source = body.split("*Source:*", 1)[1].split("*Option:*", 1)[0]
        if "«" in source:  # a quoted Russian passage comes with its translation
            assert re.search(r'—\s+"', source), clause


def test_rulebook_links_land_and_stay_in_the_repository():
    """Given the rulebook rendered as the site renders it / when every link is read /
    then each is an in-page anchor that exists (a clause anchor or a heading id), and
    nothing points outside the repository."""
    text = RULEBOOK.read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=EXTENSIONS, output_format="html")
    ids = set(re.findall(r'id="([^"]+)"', html))
    hrefs = re.findall(r'href="([^"]*)"', html)
    assert hrefs
    outside = [h for h in hrefs if not h.startswith("#")]
    assert not outside, outside
    missing = sorted({h[1:] for h in hrefs} - ids)
    assert not missing, missing
    for forbidden in ("http://", "https://", "../", "/work/", "shared/"):
        assert forbidden not in text, forbidden


def test_rules_arne_page_serves_every_clause_under_the_game_name():
    """Given the platform / when /rules/arne/ is read / then it is the rulebook with an
    id for every clause of RULINGS.md, titled with the registered game's name, and the
    rulebook map sends docs/arne/rules.md there.

    Needs `arne` registered in gamekit/registry.py (the title takes the game's name from
    the registry; unregistered, the page is titled with the bare id "arne")."""
    from django.test import Client

    from frontend.rulebook import rulebooks

    assert rulebooks()["docs/arne/rules.md"] == "/rules/arne/"
    r = Client().get("/rules/arne/")
    assert r.status_code == 200
    html = r.content.decode()
    ids = set(re.findall(r'id="([^"]+)"', html))
    missing = sorted(set(rulings_clauses()) - ids)
    assert not missing, missing
    assert "<title>Rulebook of Arne Total · Kolkhoz Platform</title>" in html
