"""README.md and docs/ stand on their own in a fresh clone: every relative Markdown link
resolves to a file of the repository (and its ``#anchor`` to a heading or an
``<a id>`` of that page), every repository path a page names exists, no page sends the
reader outside the repository (``../shared``, an absolute path on some machine), and web
addresses are only the local demo's."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)
EXPLICIT_ID = re.compile(r"""<a\s[^>]*?(?:id|name)=["']([^"']+)["']""")
URL = re.compile(r"\bhttps?://[^\s)>`\"'\]]+")
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "0.0.0.0")
# A repository path named in prose: starts with one of the repository's top-level
# entries. Placeholders (<id>, {id}, X.Y.Z, vX_Y_Z, *) name a family, not a file.
TOP = sorted((p.name for p in ROOT.iterdir()
              if not p.name.startswith(".") or p.name == ".ci"), key=len, reverse=True)
REPO_PATH = re.compile(r"(?<![\w./-])((?:" + "|".join(map(re.escape, TOP)) + r")/[\w./-]*)")
# a path relative to the page itself, in code quotes: `../seeds/`, `./examples/x.json`
RELATIVE_PATH = re.compile(r"`(\.\.?/[^`\s]*)`")
# a Django migration named by its label (`tournaments/0005_tournament_secret`)
MIGRATION = re.compile(r"^(\w+)/(\d{4}_\w+)$")
PLACEHOLDER = re.compile(r"[<>{}*]|X\.Y\.Z|vX_Y_Z|/\.\.\.|…")
IGNORED_TOP = {"var", ".venv", "artifacts"}  # made by the commands, never committed
OUTSIDE = re.compile(r"\.\./shared|/work/|/home/|/Users/|[A-Z]:\\\\")


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _prose(path: Path) -> str:
    """The page without its fenced code blocks (examples, not references)."""
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def _slug(title: str) -> set[str]:
    """The ids a heading gets: GitHub's and Python-Markdown's ``toc`` (the site's)."""
    text = re.sub(r"<[^>]+>", "", title)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).replace("`", "").strip().lower()
    github = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    toc = re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", ascii_text)).strip("-")
    return {github, toc}


@cache
def anchors(path: Path) -> frozenset[str]:
    text = path.read_text(encoding="utf-8")
    found = set(EXPLICIT_ID.findall(text))
    for title in HEADING.findall(FENCE.sub("", text)):
        found |= _slug(title)
    return frozenset(found)


def _links(path: Path) -> list[tuple[int, str]]:
    out = []
    for number, line in enumerate(_prose(path).splitlines(), 1):
        out += [(number, m.group(1)) for m in LINK.finditer(line)]
    return out


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_relative_link_resolves_inside_the_repository(page: Path) -> None:
    broken = []
    for number, target in _links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto:: checked below
            continue
        file_part, _, anchor = target.partition("#")
        dest = (page.parent / file_part).resolve() if file_part else page
        if not dest.is_relative_to(ROOT):
            broken.append(f"line ~{number}: {target} leaves the repository")
        elif not dest.exists():
            broken.append(f"line ~{number}: {target} does not exist")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"line ~{number}: {target}: no #{anchor} in {_rel(dest)}")
    assert not broken, f"{_rel(page)}:\n" + "\n".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_repository_path_a_page_names_exists(page: Path) -> None:
    missing = []
    for number, line in enumerate(_prose(page).splitlines(), 1):
        for match in REPO_PATH.finditer(line):
            name = match.group(1).rstrip(".,;:")
            if PLACEHOLDER.search(line[match.start():match.end() + 1]):
                continue
            if name.split("/")[0] in IGNORED_TOP or (ROOT / name).exists():
                continue
            label = MIGRATION.match(name)
            if label and (ROOT / label[1] / "migrations" / f"{label[2]}.py").exists():
                continue
            missing.append(f"line ~{number}: {name}")
        for match in RELATIVE_PATH.finditer(line):
            if not (page.parent / match.group(1)).resolve().exists():
                missing.append(f"line ~{number}: {match.group(1)} (from {_rel(page.parent)}/)")
    assert not missing, f"{_rel(page)} names paths the repository lacks:\n" + "\n".join(missing)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_no_page_points_outside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    outside = [m.group(0) for m in OUTSIDE.finditer(text)]
    assert not outside, f"{_rel(page)} points outside the repository: {outside}"
    remote = [u for u in URL.findall(text)
              if not any(u.split("://", 1)[1].startswith(h) for h in LOCAL_HOSTS)]
    assert not remote, f"{_rel(page)} sends readers to the web: {remote}"


def test_every_game_has_its_rulebook_rulings_and_record_format_in_the_repository() -> None:
    from gamekit import registry

    for game in registry.ids():
        rulebook = "docs/rules.md" if game == "kolkhoz" else f"docs/{game}/rules.md"
        design = "docs/design" if game == "kolkhoz" else f"docs/design/{game}"
        for name in (rulebook, f"{design}/RULINGS.md", f"{design}/RECORD_FORMAT.md"):
            assert (ROOT / name).is_file(), f"{game}: {name} is missing"
        # the rulebook names its rulings, and the docs link both design documents
        assert f"{design}/RULINGS.md" in (ROOT / rulebook).read_text(encoding="utf-8"), game
    linked = {(page.parent / target.partition("#")[0]).resolve()
              for page in PAGES for _, target in _links(page) if not target.startswith("#")}
    for path in sorted((ROOT / "docs" / "design").rglob("*.md")):
        assert path.resolve() in linked, f"no page links {_rel(path)}"


def test_the_link_check_finds_what_it_must() -> None:
    """The checks above can fail: a heading's id, an explicit anchor, a placeholder."""
    assert "the-game-in-one-page" in anchors(ROOT / "docs" / "korova" / "rules.md")
    assert "req.take" in anchors(ROOT / "docs" / "rules.md")
    assert _slug("The source's two worked examples") >= {"the-sources-two-worked-examples"}
    assert REPO_PATH.search("see `docs/nowhere.md` there").group(1) == "docs/nowhere.md"
    assert MIGRATION.match("tournaments/0005_tournament_secret")
    assert RELATIVE_PATH.findall("in `../seeds/` and `x/y`") == ["../seeds/"]
    assert PLACEHOLDER.search("docs/<game>/rules.md")
    assert LINK.findall("a [link](../x.md#y) and ![image](i.png)") == ["../x.md#y"]
