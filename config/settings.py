"""Settings, read from the environment.

Environment variables (all optional):
- ``DATABASE_URL``  e.g. ``postgres://postgres@127.0.0.1:5432/kolkhoz``; default:
  the embedded SQLite file ``var/kolkhoz.sqlite3`` (no server needed).
- ``REDIS_URL``  cache backend; default: local memory.
- ``CELERY_BROKER_URL``  default: ``REDIS_URL`` if set, else SQLite through SQLAlchemy
  under ``var/`` (no server needed).
- ``SECRET_KEY`` (or ``SECRET_KEY_FILE``, a file holding it), ``DEBUG`` (``1/true/yes``),
  ``ALLOWED_HOSTS`` (comma-separated). With DEBUG off (the default) the app refuses to
  start without a real key; see ``config/security.py``.
- HTTPS, sign-in and rate limits: ``SECURE_HTTPS``, ``SECURE_SSL_REDIRECT``,
  ``SESSION_COOKIE_SECURE``, ``CSRF_COOKIE_SECURE``, ``SECURE_HSTS_*``,
  ``SECURE_PROXY_SSL_HEADER``, ``NUM_PROXIES``, ``AXES_FAILURE_LIMIT``,
  ``AXES_COOLOFF_MINUTES``, ``THROTTLE_RATE_*`` (README's settings table).
- Mail (password reset): ``EMAIL_BACKEND`` (default: the console), ``EMAIL_HOST``,
  ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``,
  ``DEFAULT_FROM_EMAIL``.

The test suite runs ``config.settings_test`` (this module plus a test key, plain HTTP,
high rates).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url

from config.security import env_bool as _env_bool
from config.security import https_settings, secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("KOLKHOZ_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


DEBUG = _env_bool("DEBUG", False)
SECRET_KEY = secret_key(debug=DEBUG)
# HTTPS: on by default with DEBUG off (SECURE_HTTPS=false turns these off together), each
# also settable by its own name (config/security.py).
_https = https_settings(debug=DEBUG)
SECURE_SSL_REDIRECT = _https["SECURE_SSL_REDIRECT"]
SESSION_COOKIE_SECURE = _https["SESSION_COOKIE_SECURE"]
CSRF_COOKIE_SECURE = _https["CSRF_COOKIE_SECURE"]
SECURE_HSTS_SECONDS = _https["SECURE_HSTS_SECONDS"]
SECURE_HSTS_INCLUDE_SUBDOMAINS = _https["SECURE_HSTS_INCLUDE_SUBDOMAINS"]
SECURE_HSTS_PRELOAD = _https["SECURE_HSTS_PRELOAD"]
SECURE_PROXY_SSL_HEADER = _https["SECURE_PROXY_SSL_HEADER"]
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and ReDoc as our own static files (offline docs)
    "django_celery_beat",
    "axes",
    "replays",
    "tournaments",
    "seasons",
    "disputes",
    "frontend",
    "accounts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # gzip for JSON and pages, above everything that makes or reads a response body, below
    # WhiteNoise (static files come pre-compressed); never on a stream or a response with
    # a CSRF token or to a POST (BREACH): config/middleware.py
    "config.middleware.CompressionMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # last: turns a locked-out sign-in into the lockout answer (accounts/lockout.py)
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": [
            "django.template.context_processors.request",
            "django.contrib.auth.context_processors.auth",
            "django.contrib.messages.context_processors.messages",
        ]},
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'kolkhoz.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several processes (web, workers) share the embedded database: WAL lets readers
    # run beside the writer, IMMEDIATE transactions queue writers instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
    DATABASES["default"]["CONN_MAX_AGE"] = 0

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "kolkhoz"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = (
    os.environ.get("CELERY_BROKER_URL")
    or REDIS_URL
    or f"sqla+sqlite:///{VAR_DIR / 'celery-broker.sqlite3'}"
)
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Publishing a task (a table's next round, a retry of a failed table) waits out a broker
# restart instead of giving up after Celery's default ~0.6 s: a publish that fails inside
# a task would otherwise drop that task's message (a retry that cannot be sent is
# rejected without requeue), leaving the table for the stalled-table sweep.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": int(os.environ.get("CELERY_PUBLISH_MAX_RETRIES", "30")),
    "interval_start": 0.2, "interval_step": 0.5, "interval_max": 2.0,
}
# An unacknowledged task (its worker was killed) is delivered again after this long.
# (Redis only: the embedded SQLAlchemy transport passes its options to create_engine.)
CELERY_BROKER_TRANSPORT_OPTIONS = (
    {"visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "120"))}
    if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else {}
)
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TASK_ALWAYS_EAGER = _env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# A table task that raises is retried with Celery's exponential backoff (base seconds,
# doubling, capped, with jitter), then its table is marked failed (tournaments.recovery).
# The cap stays below the stalled-table sweep's minute (a retrying table is never swept
# into a second chain) and below Redis's visibility timeout (a waiting retry message is
# not redelivered).
KOLKHOZ_TABLE_TASK_RETRIES = int(os.environ.get("KOLKHOZ_TABLE_TASK_RETRIES", "8"))
KOLKHOZ_TABLE_TASK_BACKOFF_S = int(os.environ.get("KOLKHOZ_TABLE_TASK_BACKOFF_S", "2"))
KOLKHOZ_TABLE_TASK_BACKOFF_MAX_S = int(os.environ.get("KOLKHOZ_TABLE_TASK_BACKOFF_MAX_S", "30"))
KOLKHOZ_TABLE_TASK_JITTER = _env_bool("KOLKHOZ_TABLE_TASK_JITTER", True)
# An unwatched all-bot table stores what its bots played once this many milliseconds of
# play have passed (and at its end): one transaction per game for cheap bots, a
# checkpoint every quarter second for a slow search (replays.advance).
KOLKHOZ_BOT_FLUSH_MS = int(os.environ.get("KOLKHOZ_BOT_FLUSH_MS", "250"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sign-in attempts (django-axes): after AXES_FAILURE_LIMIT failures from one address, that
# address is locked out for AXES_COOLOFF_MINUTES (failures meanwhile restart the clock).
# Attempts are kept in the database, so every web process sees them.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend",
                           "django.contrib.auth.backends.ModelBackend"]
AXES_ENABLED = True
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"  # the same as the throttles'
AXES_VERBOSE = False
# Reverse proxies in front of the app that append to X-Forwarded-For (0: the caller is the
# socket's address, whatever it claims). Read by the throttles and the sign-in lockout.
NUM_PROXIES = int(os.environ.get("NUM_PROXIES", "0"))

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/my-games/"
LOGOUT_REDIRECT_URL = "/"
# Password-reset mail: printed on the server's console by default (no mail server needed;
# the reset link is in the log). EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend
# with EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS sends it.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "kolkhoz@localhost")
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en"

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# `collectstatic` writes every static file and a gzipped copy beside it (served to a
# client that accepts gzip) into STATIC_ROOT. With WHITENOISE_USE_FINDERS on (the default:
# development and the tests, no collectstatic step needed) WhiteNoise serves the apps'
# own files, uncompressed; the Dockerfile and `make demo` run collectstatic and turn it off.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = _env_bool("WHITENOISE_USE_FINDERS", True)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["replays.auth.SeatTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["config.parsers.JSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "replays.pagination.BoundedPagination",  # limit, offset bounded
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "config.exception_handler.api_exception_handler",
    # Endpoints that re-adjudicate, export or create (for the workers to play) whole
    # games, per caller (an anonymous caller by address, a signed-in one by account):
    # replays.throttles. Over the rate: 429 ``throttled`` with Retry-After. Counted in
    # the cache (shared with Redis).
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        scope: os.environ.get(f"THROTTLE_RATE_{scope.upper()}", default)
        for scope, default in [("verify", "30/minute"), ("whatif", "10/minute"),
                               ("evidence", "30/minute"), ("import", "10/minute"),
                               ("create", "30/minute")]
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Kolkhoz Platform API",
    "DESCRIPTION": "Event-sourced game store and replay service for Kolkhoz.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # /api/docs/ (Swagger UI) and /api/redoc/ load their scripts from this server's static
    # files (drf-spectacular-sidecar, pinned in constraints.txt), never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Swagger UI's deep links put a link inside each operation's button (axe:
    # nested-interactive); the operations are found by their tags instead.
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "replays.schema.document_error_responses"],
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "replays.models.GameStatus",
        "TournamentStatusEnum": "tournaments.models.TournamentStatus",
        "RoundStatusEnum": "tournaments.models.RoundStatus",
        "TableStatusEnum": "tournaments.models.TableStatus",
        "TournamentFormatEnum": "tournaments.models.Format",
        "FillPolicyEnum": [("bots", "Fill with house bots"), ("bye", "Give byes")],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
