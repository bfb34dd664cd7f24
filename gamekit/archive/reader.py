"""Reading a tournament archive, zip or NDJSON, one file at a time (standard library
only): ``open_archive(path)`` gives a ``Members`` with ``names()`` and ``read(name)``.

* **zip** (``GET /api/tournaments/{id}/archive/``): each file a zip member.
* **NDJSON** (``?format=ndjson``): one JSON object per line, ``{"name": NAME, "text":
  CONTENT}``, the file's UTF-8 text (its bytes are ``text`` encoded in UTF-8, the same
  bytes the zip holds), ``manifest.json`` last.

Neither is unpacked to disk by name (a name is only a key), and a file is read when it
is asked for, so memory holds one game's file at a time.
"""

from __future__ import annotations

import json
import zipfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO, Protocol


class ArchiveError(ValueError):
    """The file is not a readable archive (not a zip, a bad NDJSON line, a name twice)."""


class Members(Protocol):
    def names(self) -> list[str]:
        """Every file name in the archive, in its order."""

    def read(self, name: str) -> bytes:
        """The bytes of file ``name`` (KeyError if absent)."""


class _Zip:
    def __init__(self, zf: zipfile.ZipFile) -> None:
        self._zf = zf
        self._names = zf.namelist()
        twice = [n for n, c in Counter(self._names).items() if c > 1]
        if twice:
            raise ArchiveError(f"the archive holds {twice[0]!r} more than once")

    def names(self) -> list[str]:
        return list(self._names)

    def read(self, name: str) -> bytes:
        try:
            return self._zf.read(name)
        except zipfile.BadZipFile as e:
            raise ArchiveError(f"{name}: {e}") from None


class _Ndjson:
    def __init__(self, fh: BinaryIO) -> None:
        self._fh = fh
        self._offsets: dict[str, int] = {}
        self._order: list[str] = []
        offset = 0
        for number, line in enumerate(iter(fh.readline, b""), start=1):
            if line.strip():
                name = self._parse(line, number)[0]
                if name in self._offsets:
                    raise ArchiveError(f"the archive holds {name!r} more than once")
                self._offsets[name] = offset
                self._order.append(name)
            offset += len(line)

    @staticmethod
    def _parse(line: bytes, number: int) -> tuple[str, str]:
        try:
            obj = json.loads(line)
        except ValueError as e:
            raise ArchiveError(f"line {number} is not JSON: {e}") from None
        if not (isinstance(obj, dict) and isinstance(obj.get("name"), str)
                and isinstance(obj.get("text"), str)):
            raise ArchiveError(f'line {number} is not {{"name": ..., "text": ...}}')
        return obj["name"], obj["text"]

    def names(self) -> list[str]:
        return list(self._order)

    def read(self, name: str) -> bytes:
        self._fh.seek(self._offsets[name])
        return self._parse(self._fh.readline(), 0)[1].encode("utf-8")


@contextmanager
def open_archive(path: str) -> Iterator[Members]:
    """The archive at ``path`` (zip, else NDJSON). Raises ArchiveError or OSError."""
    if zipfile.is_zipfile(path):
        try:
            with zipfile.ZipFile(path) as zf:
                yield _Zip(zf)
        except zipfile.BadZipFile as e:
            raise ArchiveError(f"not a readable zip: {e}") from None
        return
    with open(path, "rb") as fh:
        yield _Ndjson(fh)
