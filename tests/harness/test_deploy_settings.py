"""Safe to deploy: what the production settings (``config.settings`` with DEBUG off) do.

- Without a real ``SECRET_KEY`` (unset, the development key, or too weak by Django's own
  measure) the app refuses to start: importing the settings raises ImproperlyConfigured
  with a message that says what to set. With DEBUG on the development key is allowed.
- HTTPS is on by default in production: secure session and CSRF cookies, HSTS (one year,
  subdomains, preload), the redirect to https; each can be set from the environment, and
  ``SECURE_HTTPS=false`` turns them off together (plain HTTP on the loopback). Requests
  show it: plain HTTP is redirected, HTTPS answers carry HSTS and Secure cookies.
- ``manage.py check --deploy`` reports nothing under the production settings.
- The dependency versions CI installs are pinned in ``constraints.txt`` (schemathesis
  included), and the Makefile installs with it.

Each check imports the settings in a fresh interpreter with only the variables it names.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# every variable the settings read that a developer's shell might set
VARS = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "SECRET_KEY", "SECRET_KEY_FILE",
        "DEBUG", "KOLKHOZ_VAR_DIR", "ALLOWED_HOSTS", "SECURE_HTTPS", "SECURE_SSL_REDIRECT",
        "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SECURE_PROXY_SSL_HEADER",
        "NUM_PROXIES", "DJANGO_SETTINGS_MODULE")
SECURITY = ("DEBUG", "SECRET_KEY", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
            "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
            "SECURE_HSTS_PRELOAD", "SECURE_PROXY_SSL_HEADER")
PROBE = ("import json; from django.conf import settings; "
         f"print(json.dumps({{k: getattr(settings, k) for k in {SECURITY!r}}}))")
REAL_KEY = secrets.token_urlsafe(50)


def _run(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in VARS}
    base.update(env, DJANGO_SETTINGS_MODULE="config.settings",
                KOLKHOZ_VAR_DIR=str(tmp_path))
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=base, capture_output=True,
                          text=True, timeout=120)


def settings_of(tmp_path: Path, **env: str) -> dict:
    """The security settings as the app would see them with exactly these variables."""
    out = _run(["-c", PROBE], tmp_path, **env)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout)


def refusal(tmp_path: Path, **env: str) -> str:
    """The error the settings refuse to start with (fails if they start)."""
    out = _run(["-c", PROBE], tmp_path, **env)
    assert out.returncode != 0, f"started with {env}: {out.stdout}"
    assert "django.core.exceptions.ImproperlyConfigured" in out.stderr, out.stderr[-2000:]
    return out.stderr.strip().splitlines()[-1]


def test_production_refuses_to_start_without_a_real_secret_key(tmp_path):
    message = refusal(tmp_path)
    assert "SECRET_KEY" in message and "DEBUG" in message
    for weak in ("change-me-in-production", "a" * 60, "django-insecure-" + "x1y2z3" * 10):
        assert "SECRET_KEY" in refusal(tmp_path, SECRET_KEY=weak), weak
    assert "SECRET_KEY" in refusal(tmp_path, DEBUG="false", SECRET_KEY="")
    # the development key only with DEBUG on
    dev = settings_of(tmp_path, DEBUG="1")
    assert dev["DEBUG"] is True and dev["SECRET_KEY"]
    assert "SECRET_KEY" in refusal(tmp_path, SECRET_KEY=dev["SECRET_KEY"])
    assert settings_of(tmp_path, SECRET_KEY=REAL_KEY)["SECRET_KEY"] == REAL_KEY


def test_the_key_can_come_from_a_file(tmp_path):
    key_file = tmp_path / "secret_key"
    key_file.write_text(REAL_KEY + "\n")
    assert settings_of(tmp_path, SECRET_KEY_FILE=str(key_file))["SECRET_KEY"] == REAL_KEY
    message = refusal(tmp_path, SECRET_KEY_FILE=str(tmp_path / "missing"))
    assert "SECRET_KEY_FILE" in message and "missing" in message


def test_production_turns_on_secure_cookies_hsts_and_the_https_redirect(tmp_path):
    prod = settings_of(tmp_path, SECRET_KEY=REAL_KEY)
    assert prod["DEBUG"] is False
    assert prod["SESSION_COOKIE_SECURE"] is True and prod["CSRF_COOKIE_SECURE"] is True
    assert prod["SECURE_SSL_REDIRECT"] is True
    assert prod["SECURE_HSTS_SECONDS"] == 31_536_000
    assert prod["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True and prod["SECURE_HSTS_PRELOAD"]
    assert prod["SECURE_PROXY_SSL_HEADER"] is None  # only when a proxy is named

    proxied = settings_of(tmp_path, SECRET_KEY=REAL_KEY,
                          SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO,https")
    assert proxied["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]

    tuned = settings_of(tmp_path, SECRET_KEY=REAL_KEY, SECURE_HSTS_SECONDS="3600",
                        SECURE_HSTS_PRELOAD="false", SECURE_SSL_REDIRECT="false")
    assert tuned["SECURE_HSTS_SECONDS"] == 3600 and tuned["SECURE_HSTS_PRELOAD"] is False
    assert tuned["SECURE_SSL_REDIRECT"] is False and tuned["SESSION_COOKIE_SECURE"] is True

    for plain in (settings_of(tmp_path, SECRET_KEY=REAL_KEY, SECURE_HTTPS="false"),
                  settings_of(tmp_path, DEBUG="true")):
        assert not any(plain[k] for k in ("SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
                                          "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
                                          "SECURE_HSTS_PRELOAD")), plain


BROWSE = """
import django, json; django.setup()
from django.test import Client
c = Client()
plain = c.get("/accounts/login/")
tls = c.get("/accounts/login/", secure=True)
proxied = c.get("/accounts/login/", HTTP_X_FORWARDED_PROTO="https")
print(json.dumps({"plain": [plain.status_code, plain.get("Location")],
                  "hsts": tls.get("Strict-Transport-Security"),
                  "cookie_secure": bool(tls.cookies["csrftoken"]["secure"]),
                  "proxied": proxied.status_code}))
"""


def test_production_answers_with_the_redirect_hsts_and_secure_cookies(tmp_path):
    """The settings do take effect: a request over plain HTTP is redirected to https, an
    HTTPS answer carries HSTS and a Secure cookie; the proxy's header counts only when
    SECURE_PROXY_SSL_HEADER names it."""
    out = _run(["-c", BROWSE], tmp_path, SECRET_KEY=REAL_KEY)
    assert out.returncode == 0, out.stderr[-2000:]
    seen = json.loads(out.stdout)
    assert seen["plain"] == [301, "https://testserver/accounts/login/"]
    assert seen["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert seen["cookie_secure"] is True
    assert seen["proxied"] == 301  # X-Forwarded-Proto from anyone: ignored
    out = _run(["-c", BROWSE], tmp_path, SECRET_KEY=REAL_KEY,
               SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO,https")
    assert json.loads(out.stdout)["proxied"] == 200, out.stderr[-2000:]


def test_refuses_a_malformed_proxy_header(tmp_path):
    message = refusal(tmp_path, SECRET_KEY=REAL_KEY, SECURE_PROXY_SSL_HEADER="X-Forwarded")
    assert "SECURE_PROXY_SSL_HEADER" in message


def _check_deploy(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return _run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], tmp_path,
                ALLOWED_HOSTS="kolkhoz.example", **env)


def test_check_deploy_is_clean_under_the_production_settings(tmp_path):
    out = _check_deploy(tmp_path, SECRET_KEY=REAL_KEY, DEBUG="false")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout, out.stdout + out.stderr
    # the same check does fail when HTTPS is off: it is not silenced
    plain = _check_deploy(tmp_path, SECRET_KEY=REAL_KEY, SECURE_HTTPS="false")
    assert plain.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in plain.stderr + plain.stdout, warning


def test_docker_compose_needs_a_real_key_and_serves_plain_http_unless_told():
    import yaml

    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    for name in ("web", "worker", "beat"):
        env = compose["services"][name]["environment"]
        # ${SECRET_KEY:?…}: compose refuses to start without one (no default key)
        assert env["SECRET_KEY"].startswith("${SECRET_KEY:?"), env["SECRET_KEY"]
        assert env["DEBUG"] == "false" and env["SECURE_HTTPS"] == "${SECURE_HTTPS:-false}"


# -- the pinned dependency versions --------------------------------------------------------

def _name(requirement: str) -> str:
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_constraints_pin_every_dependency_ci_installs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"] + project["optional-dependencies"]["dev"]}
    assert "schemathesis" in wanted and "django-axes" in wanted
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not pinned with =="
            pins[_name(name)] = version
    assert wanted <= set(pins), f"not pinned: {sorted(wanted - set(pins))}"
    assert "kolkhoz-platform" not in pins  # the project itself is installed editable

    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"pip install .*-c constraints\.txt .*-e '\.\[dev\]'", makefile)
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install" not in ci, ".ci/run installs nothing ad hoc: `make setup` does"
    assert "constraints.txt" in (ROOT / "Dockerfile").read_text()


@pytest.mark.parametrize("requirement", ["schemathesis", "django-axes"])
def test_the_pinned_versions_are_the_installed_ones(requirement):
    from importlib.metadata import version

    pins = dict(line.split("==", 1) for line in
                (ROOT / "constraints.txt").read_text().split() if "==" in line)
    pins = {_name(k): v for k, v in pins.items()}
    assert version(requirement) == pins[requirement]
