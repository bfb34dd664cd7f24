"""The test suite's settings: ``config.settings`` as it runs in production (DEBUG off), with
what a test run needs set explicitly. pytest-django loads this module (pyproject.toml) and
puts its name in ``DJANGO_SETTINGS_MODULE``, so the gunicorn servers and Celery workers the
tests start load it too.

- A key of the suite's own (never a deployment's), set in the environment before
  ``config.settings`` reads it — that module refuses to start without one when DEBUG is off.
- Plain HTTP: the test client and the loopback servers speak no TLS (the production
  defaults are tested by importing ``config.settings`` in a fresh interpreter).
- High throttle rates: the hostile-input tests call the throttled endpoints hundreds of
  times; the throttle's own tests lower them with ``override_settings``.
- Sign-in lockout (django-axes) off: its backend needs the request, which Django's
  ``Client.login`` does not pass (axes' documented way); its tests turn it on.
"""

import os

os.environ.setdefault("SECRET_KEY", "kolkhoz-test-suite-key-" + "5f0c9a7e3b1d4c2a" * 3)

from config.settings import *  # noqa: E402,F403
from config.settings import REST_FRAMEWORK  # noqa: E402

SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = False
SECURE_HSTS_PRELOAD = False

REST_FRAMEWORK = {**REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
    scope: "100000/minute" for scope in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}}

AXES_ENABLED = False
