"""Compare two ``snapshot.py`` files of the same database: before an upgrade (old code,
old database) and after (new code, migrated copy). Standard library only:

    python benchmarks/upgrade/compare.py old.json new.json [--allow-reordered]
        [--known FILE]

Every response of the old snapshot must come back with the same status, ETag and body
— except a verify report that failed before and passes now (listed as ``fixed``).
Fields the new release added (a key only in the new body) are allowed and listed once
per path pattern (ids, seat tokens and list indices as ``*``). A difference is
``reordered`` when the same cards are listed in another order — a list of card codes, a
list of objects each with a ``card`` (every key's values the same multiset), or a text
whose differing words are all card labels (``10♥``, ``the Wrecker``) or a field's hours
(``Wheat 22``) — else ``changed``.
Exit 1 on any ``changed`` or missing value, and on a reordering unless
``--allow-reordered`` (engine 0.2.0's x.key_order fix lists field cards in play order:
docs/verify.md, "Checking an upgrade"). ``--known FILE``: deliberate changes since the
old release, one per line ``SCOPE<TAB>KIND<TAB>WHY`` (``KIND`` a difference kind as
printed below; ``SCOPE`` ``all``, or ``live``: only in games live in the old snapshot):
listed as ``known``, allowed.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from typing import Any

ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b\d+\b"
                r"|(?<=seat token )[\w-]+")
CARD = re.compile(r"^(10|[2-9JQKA])[HDCS]$|^X$")
FIELDS = "Potato|Beet|Wheat|Sunflower"
# what may move in a reordered text: a card's label, a field's hours ("Wheat 22"), commas
MOVABLE = re.compile(rf"^((10|[2-9JQKA])[♥♦♣♠]|Wrecker|(?:{FIELDS}) \d+|[,;]|the)$")
TOKEN = re.compile(rf"(?:{FIELDS}) \d+|10[♥♦♣♠]|[2-9JQKA][♥♦♣♠]|\w+|[^\w\s]")


def pattern(path: str) -> str:
    return ID.sub("*", path)


def _multiset(values: list[Any]) -> list[str]:
    return sorted(json.dumps(v, sort_keys=True) for v in values)


def reordered(old: Any, new: Any) -> bool:
    """True when ``old != new`` list the same cards in another order (see the module)."""
    if isinstance(old, list) and isinstance(new, list) and old and len(old) == len(new):
        if all(isinstance(v, str) and CARD.match(v) for v in old + new):
            return sorted(old) == sorted(new)
        if all(isinstance(v, dict) and "card" in v for v in old + new):
            keys = set().union(*old, *new)
            return all(_multiset([v.get(k) for v in old]) == _multiset([v.get(k) for v in new])
                       for k in keys)
    if isinstance(old, str) and isinstance(new, str):
        a, b = TOKEN.findall(old), TOKEN.findall(new)
        if sorted(a) != sorted(b):
            return False
        ops = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
        moved = [t for op, i1, i2, j1, j2 in ops if op != "equal"
                 for t in a[i1:i2] + b[j1:j2]]
        return all(MOVABLE.match(t) for t in moved)
    return False


def diff(old: Any, new: Any, path: str, out: dict[str, Any]) -> None:
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                out["changed"].append(f"{path}.{key}: missing after the upgrade")
            else:
                diff(old[key], new[key], f"{path}.{key}", out)
        for key in new.keys() - old.keys():
            out["added"].add(pattern(f"{path}.{key}"))
    elif reordered(old, new):
        out["reordered"].append(f"{path}: {json.dumps(old, ensure_ascii=False)[:90]} -> "
                                f"{json.dumps(new, ensure_ascii=False)[:90]}")
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            diff(a, b, f"{path}[{i}]", out)
    else:
        out["changed"].append(f"{path}: {json.dumps(old)[:120]} -> {json.dumps(new)[:120]}")


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``{added: {field pattern}, reordered: [line], changed: [line], fixed: [url]}``
    between two snapshots (``fixed``: a verify report that failed and now passes)."""
    out: dict[str, Any] = {"added": set(), "reordered": [], "changed": [], "fixed": []}
    for url, before in old.items():
        after = new.get(url)
        if after is None:
            out["changed"].append(f"{url}: not in the new snapshot")
            continue
        if (url.endswith("/verify/") and (before.get("body") or {}).get("ok") is False
                and (after.get("body") or {}).get("ok") is True):
            out["fixed"].append(url)  # failed verify before, passes now: listed, allowed
            continue
        for field in ("status", "etag"):
            if before.get(field) != after.get(field):
                out["changed"].append(
                    f"{url} {field}: {before.get(field)} -> {after.get(field)}")
        if "body" in before:
            diff(before["body"], after.get("body"), url, out)
    return out


def _by_kind(lines: list[str]) -> dict[str, list[str]]:
    kinds: dict[str, list[str]] = {}
    for line in lines:
        kinds.setdefault(pattern(line.split(": ", 1)[0]), []).append(line)
    return kinds


def _game_of(line: str, old: dict[str, Any]) -> str | None:
    """The game a difference is about: its id in the URL, or the ``id`` of the listed
    item (``….results[N]``) in the old snapshot."""
    if game := re.match(r"/api/games/([0-9a-f-]{36})/", line):
        return game.group(1)
    if item := re.match(r"(.*?)\.results\[(\d+)\]", line):
        results = (old.get(item.group(1), {}).get("body") or {}).get("results") or []
        index = int(item.group(2))
        return results[index].get("id") if index < len(results) else None
    return None


def known_changes(path: str | None, old: dict[str, Any],
                  changed: list[str]) -> tuple[dict[str, tuple[str, list[str]]], list[str]]:
    """Split ``changed`` into the deliberate changes a ``--known`` file lists
    (``{kind: (why, lines)}``) and the rest."""
    entries = {}
    if path:
        for line in open(path, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                scope, kind, why = line.rstrip("\n").split("\t")
                entries[kind] = (scope, why)
    live = {url.split("/")[3] for url, r in old.items()
            if re.fullmatch(r"/api/games/[^/]+/", url)
            and (r.get("body") or {}).get("status") == "live"}
    known: dict[str, tuple[str, list[str]]] = {}
    rest = []
    for line in changed:
        kind = pattern(line.split(": ", 1)[0])
        scope, why = entries.get(kind, (None, ""))
        if scope == "all" or (scope == "live" and _game_of(line, old) in live):
            known.setdefault(kind, (why, []))[1].append(line)
        else:
            rest.append(line)
    return known, rest


def main(argv: list[str]) -> int:
    paths = [a for i, a in enumerate(argv)
             if not a.startswith("--") and (i == 0 or argv[i - 1] != "--known")]
    allow = "--allow-reordered" in argv
    known_file = argv[argv.index("--known") + 1] if "--known" in argv else None
    old, new = (json.load(open(p, encoding="utf-8")) for p in paths[:2])
    out = compare(old, new)
    known, out["changed"] = known_changes(known_file, old, out["changed"])
    for field in sorted(out["added"]):
        print(f"added      {field}")
    for url in out["fixed"]:
        print(f"fixed      {url} (failed before the upgrade, verifies now)")
    for kind, (why, lines) in sorted(known.items()):
        print(f"known      {kind}  ({len(lines)}x: {why})")
    for label, lines in (("reordered", out["reordered"]), ("CHANGED", out["changed"])):
        for kind, group in sorted(_by_kind(lines).items()):
            print(f"{label:10} {kind}  ({len(group)}x, e.g. {group[0][:220]})")
    games = {m.group(0) for line in out["reordered"] for m in [ID.search(line)] if m}
    print(f"{len(old)} responses compared: {len(out['changed'])} changed, "
          f"{sum(len(lines) for _, lines in known.values())} known, "
          f"{len(out['reordered'])} reordered (in {len(games)} games"
          f"{', allowed' if allow else ''}), {len(out['added'])} added field pattern(s), "
          f"{len(out['fixed'])} verify failure(s) fixed")
    return 1 if out["changed"] or (out["reordered"] and not allow) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
