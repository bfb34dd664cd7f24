"""Compressed responses: Django's gzip, kept away from the responses it must not touch.

``CompressionMiddleware`` is ``django.middleware.gzip.GZipMiddleware`` (gzip when the
client sends ``Accept-Encoding: gzip``, ``Vary: Accept-Encoding``, an ETag made weak),
applied to JSON, NDJSON, HTML, CSV… of ``GET``/``HEAD`` requests, except:

- **a live stream** (``text/event-stream``): gzip holds bytes back until its buffer fills,
  so each event would arrive late;
- **a zip** (``application/zip``: a tournament's archive, docs/archives.md): already
  deflated, gzip would only cost time and drop its Content-Length;
- **a response that may carry a secret next to the request's own input** (the BREACH
  attack: an attacker who can both inject text into a compressed page and watch its
  size learns a secret on it byte by byte):
  * a response to anything but ``GET``/``HEAD``: creating a game or issuing a seat's
    token answers with the new secret tokens beside what the request sent;
  * a response that hands out a CSRF token (the CSRF cookie is set on it: a page with a
    form, ``{% csrf_token %}`` or the csrf-token meta tag, or the sign-in API). Django
    masks that token afresh on every response, and Django adds random bytes to each gzip
    header (its "Heal the BREACH" defence), but such pages also echo query text (the
    index's filters), so they are simply not compressed.

Everything else a ``GET`` returns is public or the viewer's own redacted view of a game
(no secret of the server's is in it), so compressing it gives nothing away. Static files
never reach this middleware: WhiteNoise (above it) serves them, pre-compressed by
``collectstatic`` (``CompressedStaticFilesStorage``). README "Compressed responses".
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

NEVER_COMPRESSED = ("text/event-stream", "application/zip")


def compressible(request: HttpRequest, response: HttpResponseBase) -> bool:
    """True when gzip may be applied to ``response`` (module docstring)."""
    if request.method not in ("GET", "HEAD"):
        return False
    content_type = response.get("Content-Type", "").split(";")[0].strip().lower()
    if content_type in NEVER_COMPRESSED:
        return False
    return settings.CSRF_COOKIE_NAME not in response.cookies


class CompressionMiddleware(GZipMiddleware):
    """``GZipMiddleware`` for the responses ``compressible`` allows."""

    def process_response(self, request: HttpRequest,
                         response: HttpResponseBase) -> HttpResponseBase:
        if not compressible(request, response):
            return response
        return super().process_response(request, response)
