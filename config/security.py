"""The settings that make a deployment safe, read from the environment.

- ``secret_key``: ``SECRET_KEY``, else the contents of the file ``SECRET_KEY_FILE``. With
  DEBUG off a missing or weak key (the development key, fewer than 50 characters, fewer
  than 5 distinct ones, Django's ``django-insecure-`` prefix: what ``check --deploy``
  warns about) stops the app at start with ``ImproperlyConfigured``. With DEBUG on and no
  key, the development key.
- ``https_settings``: the cookie, HSTS, redirect and proxy settings. ``SECURE_HTTPS``
  (default: on when DEBUG is off) says the site is reached over HTTPS, directly or through
  a TLS-terminating proxy; it gives the default of each setting below, which may also be
  set by its own name.
"""

from __future__ import annotations

import os
from typing import Any

from django.core.exceptions import ImproperlyConfigured

# Allowed only with DEBUG on: anyone can read it here.
DEVELOPMENT_KEY = "django-insecure-kolkhoz-development-key-never-use-in-production"
MIN_LENGTH, MIN_DISTINCT, INSECURE_PREFIX = 50, 5, "django-insecure-"  # as check --deploy
HSTS_ONE_YEAR = 365 * 24 * 3600
HOW = ('set SECRET_KEY (python3 -c "import secrets; print(secrets.token_urlsafe(50))") or '
       "SECRET_KEY_FILE=<file holding it>; for local development only, DEBUG=1 uses a "
       "development key")


def env_bool(name: str, default: bool) -> bool:
    """``1/true/yes/on`` (any case) → True, anything else set → False, unset → default."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _weakness(key: str) -> str | None:
    if key == DEVELOPMENT_KEY or key.startswith(INSECURE_PREFIX):
        return "it is a development key"
    if len(key) < MIN_LENGTH:
        return f"it has {len(key)} characters, fewer than {MIN_LENGTH}"
    if len(set(key)) < MIN_DISTINCT:
        return f"it has fewer than {MIN_DISTINCT} distinct characters"
    return None


def secret_key(*, debug: bool) -> str:
    """The SECRET_KEY to run with. Raises ``ImproperlyConfigured`` (DEBUG off) when there
    is no real key, or when ``SECRET_KEY_FILE`` names a file that cannot be read."""
    key = os.environ.get("SECRET_KEY", "").strip()
    path = os.environ.get("SECRET_KEY_FILE", "").strip()
    if not key and path:
        try:
            with open(path, encoding="utf-8") as fh:
                key = fh.read().strip()
        except OSError as exc:
            raise ImproperlyConfigured(
                f"SECRET_KEY_FILE={path} cannot be read ({exc.strerror}): {HOW}") from exc
    if debug:
        return key or DEVELOPMENT_KEY
    if not key:
        raise ImproperlyConfigured(f"SECRET_KEY is not set and DEBUG is off: {HOW}")
    weakness = _weakness(key)
    if weakness:
        raise ImproperlyConfigured(f"SECRET_KEY is not a real key ({weakness}): {HOW}")
    return key


def _proxy_header() -> tuple[str, str] | None:
    raw = os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip()
    if not raw:
        return None
    header, sep, value = (part.strip() for part in raw.partition(","))
    if not sep or not header.startswith("HTTP_") or not value:
        raise ImproperlyConfigured(
            f"SECURE_PROXY_SSL_HEADER={raw!r}: expected 'HTTP_<HEADER>,<value>', e.g. "
            "'HTTP_X_FORWARDED_PROTO,https' (set it only behind a proxy that sets that "
            "header and strips it from clients)")
    return header, value


def https_settings(*, debug: bool) -> dict[str, Any]:
    """Django's HTTPS settings: secure session and CSRF cookies, the redirect to https,
    HSTS for a year with subdomains and preload — each on when ``SECURE_HTTPS`` (default:
    DEBUG off) and each overridable by its own variable; ``SECURE_HSTS_SECONDS`` is a
    number of seconds (0: no HSTS). ``SECURE_PROXY_SSL_HEADER``: ``None`` unless set.
    Raises ``ImproperlyConfigured`` on a malformed proxy header or a non-integer
    ``SECURE_HSTS_SECONDS``."""
    https = env_bool("SECURE_HTTPS", not debug)
    raw_hsts = os.environ.get("SECURE_HSTS_SECONDS", str(HSTS_ONE_YEAR if https else 0))
    try:
        hsts = int(raw_hsts)
    except ValueError as exc:
        raise ImproperlyConfigured(f"SECURE_HSTS_SECONDS={raw_hsts!r} is not a whole "
                                   "number of seconds") from exc
    return {
        "SECURE_SSL_REDIRECT": env_bool("SECURE_SSL_REDIRECT", https),
        "SESSION_COOKIE_SECURE": env_bool("SESSION_COOKIE_SECURE", https),
        "CSRF_COOKIE_SECURE": env_bool("CSRF_COOKIE_SECURE", https),
        "SECURE_HSTS_SECONDS": hsts,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", https),
        "SECURE_HSTS_PRELOAD": env_bool("SECURE_HSTS_PRELOAD", https),
        "SECURE_PROXY_SSL_HEADER": _proxy_header(),
    }
