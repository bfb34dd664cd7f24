"""What went wrong in a page's traffic: failed responses and console errors."""

from __future__ import annotations


def failures(page) -> list[str]:
    """A list that records, from now on, every response of 400 or more and every console
    error of ``page`` (a missing favicon shows up here as ``404 …/favicon.ico``)."""
    seen: list[str] = []
    page.on("response", lambda r: seen.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: seen.append(f"console: {m.text}") if m.type == "error" else None)
    return seen
