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
import zlib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO, Protocol


class ArchiveError(ValueError):
    """The file is not a readable archive (not a zip, a bad NDJSON line, a name twice, a
    member that cannot be decompressed or is larger than ``MAX_MEMBER_BYTES``)."""


#: the largest file an archive may hold (bytes, uncompressed): a game's evidence bundle
#: is a few MB at most; a member larger than this (a zip bomb, a forged size) is refused
#: before it is read, and reading stops there whatever the zip claims
MAX_MEMBER_BYTES = 256 * 1024 * 1024

#: what the standard library's zipfile raises on a damaged or hostile member: a bad
#: deflate stream, an encrypted member, an unknown compression method, a cut-off file
#: an NDJSON line holds one file as JSON text (escapes may double it)
_MAX_LINE = 2 * MAX_MEMBER_BYTES

_ZIP_READ_ERRORS = (zipfile.BadZipFile, zlib.error, RuntimeError, NotImplementedError,
                    EOFError, OSError, ValueError)


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
        info = self._zf.getinfo(name)  # KeyError if absent
        if info.file_size > MAX_MEMBER_BYTES:
            raise ArchiveError(f"{name}: {info.file_size} bytes, more than an archive's "
                               f"file may hold ({MAX_MEMBER_BYTES})")
        try:
            with self._zf.open(info) as fh:
                data = fh.read(MAX_MEMBER_BYTES + 1)
        except _ZIP_READ_ERRORS as e:
            raise ArchiveError(f"{name} cannot be read from the zip: "
                               f"{type(e).__name__}: {e}") from None
        if len(data) > MAX_MEMBER_BYTES:
            raise ArchiveError(f"{name}: more than an archive's file may hold "
                               f"({MAX_MEMBER_BYTES} bytes)")
        return data


class _Ndjson:
    def __init__(self, fh: BinaryIO) -> None:
        self._fh = fh
        self._offsets: dict[str, int] = {}
        self._order: list[str] = []
        offset = 0
        for number, line in enumerate(iter(lambda: fh.readline(_MAX_LINE + 1), b""), start=1):
            if len(line) > _MAX_LINE:
                raise ArchiveError(f"line {number} is longer than an archive's file may be "
                                   f"({_MAX_LINE} bytes)")
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
            zf = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, UnicodeDecodeError, ValueError, EOFError) as e:
            raise ArchiveError(f"not a readable zip: {type(e).__name__}: {e}") from None
        with zf:
            yield _Zip(zf)
        return
    with open(path, "rb") as fh:
        yield _Ndjson(fh)
