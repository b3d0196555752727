"""Tandem settings: every value comes from an environment variable (README, "Configuration").

The defaults run on one machine with no services: a SQLite file under var/, tasks run eagerly
in-process, the cache in local memory. Set DATABASE_URL, CELERY_BROKER_URL and REDIS_URL to run
the same code on PostgreSQL, Celery workers and Redis.
"""

import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from celery.schedules import crontab

from config.env import env_bool, env_float, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("TANDEM_VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)
(VAR_DIR / "static").mkdir(exist_ok=True)


def _secret_key() -> str:
    """SECRET_KEY from the environment; for a local install, a random key kept in var/."""
    key = env_str("SECRET_KEY")
    if key:
        return key
    path = VAR_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
SECRET_KEY_FROM_ENV = bool(
    env_str("SECRET_KEY")
)  # a deployment's: the VAPID key may derive from it
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# LAN mode (./tandem serve --lan): the address the players' phones open, e.g.
# http://192.168.1.20:8000; its host is accepted, and the dashboard shows it with a QR code.
LAN_URL = env_str("TANDEM_LAN_URL").rstrip("/")
if LAN_URL and (_lan_host := urlsplit(LAN_URL).hostname) and _lan_host not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(_lan_host)
CSRF_FAILURE_VIEW = "core.error_pages.csrf_failure"  # says what happened, offers to send again

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "axes",
    "tournament",
    "decklists",
    "pairing",
    "judging",
    "tracker",
    "carry",
    "notify",
]

MIDDLEWARE = [
    # Server-Timing with SERVER_TIMING on (core/timing.py): the phases of a request, for benches.
    "core.timing.ServerTimingMiddleware",
    # The live changes a request publishes go out once per topic, together, at its end.
    "core.live.PublishOnceMiddleware",
    # Without a broker, tasks a request asks for run once its answer is sent (core/tasks.py).
    "core.tasks.AfterAnswerMiddleware",
    "core.middleware.ApiJsonErrorsMiddleware",
    "core.middleware.SecurityHeadersMiddleware",
    # /healthz before the host check and the https redirect (the containers' health checks)
    "config.health.HealthzMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # What every answer needs and no session gives: the host check and Content-Length,
    # X-Frame-Options. (Without i18n_patterns CommonMiddleware may come before LocaleMiddleware.
    # The early answers below set the language and the CSRF cookie with those middlewares' own
    # functions, core.middleware: the whole LocaleMiddleware cost a cached hit 0.03 ms more, and
    # CsrfViewMiddleware here would name Cookie after Accept-Language in Vary.)
    "django.middleware.common.CommonMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Cached public pages for callers without a session, before the session is loaded.
    "core.middleware.CachedPagesMiddleware",
    # A team's keyed API write (a phone's game event), also before the session is loaded.
    "core.middleware.TeamKeyWritesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the language: cookie of the switcher, else the browser's
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.middleware.CallerMiddleware",
    # A NUL, text that is not UTF-8, a 100 KB value or a 255-character username: a 400 with a
    # message before any form or the login throttle sees it (core/inputs.py).
    "core.inputs.SoundInputMiddleware",
    "core.keylog.TeamKeyThrottleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "core.middleware.AccessErrorsMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its 429 answer.
    "axes.middleware.AxesMiddleware",
]
# The function giving a request its caller (core.middleware.CallerMiddleware, core.api_views).
TANDEM_CALLER_RESOLVER = "access.caller_for_request"

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'tandem.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
        # A kept connection is tested before a request uses it: after a database restart the
        # first request reconnects instead of failing on a dead socket.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a writer instead of failing at once when two requests write together.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    # Write-ahead log: readers never wait for the writer, a crash loses no committed write, and
    # the online backups (carry.services.backup) copy a consistent file while the event runs.
    DATABASES["default"]["OPTIONS"]["init_command"] = "PRAGMA journal_mode=WAL;"
elif env_int("DATABASE_POOL_MAX", 0) > 0:
    # A bounded pool of connections per process (psycopg_pool, Django's "pool" option): a request
    # takes one for its duration and gives it back; waits up to DATABASE_POOL_TIMEOUT seconds for
    # one when all are busy instead of opening more than PostgreSQL allows. Django keeps no
    # connection itself then (CONN_MAX_AGE must be 0).
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": env_int("DATABASE_POOL_MAX", 0),
        "timeout": env_int("DATABASE_POOL_TIMEOUT", 10),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Prepared statements allowed on the connection (Django turns psycopg's off by default): the
    # statements of core.db.prepared_cursor are prepared; Django's own cursors bind on the client
    # and are never prepared.
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5
    # A connection that cannot be made (PostgreSQL's host gone) fails in seconds, not minutes.
    DATABASES["default"]["OPTIONS"].setdefault("connect_timeout", 5)
DATABASES["default"]["TEST"] = {"NAME": env_str("TEST_DATABASE_NAME") or None}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Backups of the SQLite database (carry.services.backup; README, "At the store"): after every
# published round and, during a round, at most every TANDEM_BACKUP_MINUTES after a write; into
# var/backups/ and TANDEM_BACKUP_DIR when set (a USB stick), the last TANDEM_BACKUP_KEEP of each.
# TANDEM_BACKUP_MINUTES=0: after published rounds only. Nothing is backed up on PostgreSQL.
BACKUP_DIRS = [VAR_DIR / "backups"] + (
    [Path(env_str("TANDEM_BACKUP_DIR"))] if env_str("TANDEM_BACKUP_DIR") else []
)
BACKUP_KEEP = max(1, env_int("TANDEM_BACKUP_KEEP", 10))
BACKUP_MINUTES = env_float("TANDEM_BACKUP_MINUTES", 5)
# The largest event file (carry.services.exchange) the import page and API accept, in MB.
EVENT_FILE_MAX_MB = env_int("TANDEM_EVENT_FILE_MAX_MB", 64)

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    # Redis down is a cache miss, never an error (core.cache).
    CACHES = {"default": {"BACKEND": "core.cache.ResilientRedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Live updates (core/live.py): versions and pub/sub in Redis when set, else inside the process.
LIVE_REDIS_URL = env_str("LIVE_REDIS_URL", REDIS_URL)
LIVE_CHANNEL = env_str("LIVE_CHANNEL", "tandem:live")
LIVE_HEARTBEAT_SECONDS = env_int("LIVE_HEARTBEAT_SECONDS", 15)
LIVE_STREAM_SECONDS = env_int("LIVE_STREAM_SECONDS", 600)
# A publish waits at most this long for Redis (it runs inside the write's request); after a
# failure publishes are skipped for LIVE_REDIS_RETRY_SECONDS (core/live.py's breaker).
LIVE_REDIS_TIMEOUT_MS = env_int("LIVE_REDIS_TIMEOUT_MS", 500)
LIVE_REDIS_RETRY_SECONDS = env_int("LIVE_REDIS_RETRY_SECONDS", 5)
# Connections to the live Redis per process; more callers at once wait for one (at most the
# timeout above).
LIVE_REDIS_CONNECTIONS = env_int("LIVE_REDIS_CONNECTIONS", 50)
# Each answer tells how long its phases took (Server-Timing, core/timing.py): for benchmarks,
# off by default (it tells every caller about the server's work).
SERVER_TIMING = env_bool("SERVER_TIMING", False)
# After the database failed a stream's authorization, streams answer 503 at once this long.
LIVE_DATABASE_RETRY_SECONDS = env_int("LIVE_DATABASE_RETRY_SECONDS", 2)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Failed logins (the login page, POST /api/v1/auth/token/, /admin/) are counted by django-axes
# per client address and, separately, per username: LOGIN_FAILURE_LIMIT failures from one
# address, or against one account from anywhere, lock that address or account out of logging in
# for LOGIN_COOLOFF_MINUTES (429), before any password is hashed. A right password during the
# lockout is refused too. `manage.py axes_reset_username NAME` / `axes_reset_ip ADDRESS` lift one.
AUTHENTICATION_BACKENDS = [
    "tournament.auth.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures are what count; no row per successful login
AXES_VERBOSE = False
AXES_LOCKOUT_TEMPLATE = "tournament/login_locked.html"
# API tokens (POST /api/v1/auth/token/) stop working this many hours after they were issued;
# DELETE /api/v1/auth/token/ revokes one at once.
API_TOKEN_TTL = timedelta(hours=env_int("API_TOKEN_TTL_HOURS", 168))

# Unknown team keys (/t/<key>/, X-Team-Key, ?key=) counted per client address: past the limit
# within the window (seconds), every request with a key from that address is a 429 until the
# window ends (core/keylog.py).
TEAM_KEY_MISS_LIMIT = env_int("TEAM_KEY_MISS_LIMIT", 20)
TEAM_KEY_MISS_WINDOW = env_int("TEAM_KEY_MISS_WINDOW", 600)
# Each server process reads an address's count from the cache again after this many seconds
# (the misses it counts itself it knows at once); 0: on every request with a key.
TEAM_KEY_MISS_RECHECK = env_int("TEAM_KEY_MISS_RECHECK", 1)
# The proxies in front of the app that append the address they were reached from to
# X-Forwarded-For (docker-compose.yml's TLS proxy: 1). Logins and team-key misses count per
# client address (core/clients.py): with 0 (no proxy) the connection's address; otherwise, for a
# connection from a trusted proxy only, that header's entries from the right, at most this many.
PROXY_HOPS = env_int("PROXY_HOPS", 0)
# The proxies whose X-Forwarded-For is believed: addresses or networks, comma-separated ("*":
# any). The same variable uvicorn and gunicorn read (deploy/live.sh, deploy/web.sh), so web and
# live agree. Anything else reaching the app's port is counted by its own address.
TRUSTED_PROXIES = env_list("FORWARDED_ALLOW_IPS", ["127.0.0.1", "::1"])
AXES_CLIENT_IP_CALLABLE = "core.clients.client_address"

# The longest single query or form value accepted (core/inputs.py): longer is a 400.
INPUT_VALUE_MAX_CHARS = env_int("INPUT_VALUE_MAX_CHARS", 65_536)

# Anyone may create an account (and then organize events) at /signup/: off by default; the first
# account is made with `manage.py adduser`, staff are invited by link from an event's staff page.
ALLOW_SIGNUP = env_bool("ALLOW_SIGNUP", False)
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
# The languages of the pages (locale/<code>/LC_MESSAGES/django.po; compiled .mo files are kept in
# the repository so no gettext is needed to run Tandem).
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG
if env_bool("TANDEM_PLAIN_STATIC", False):
    # Tests and runserver without collectstatic: no manifest needed.
    STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    WHITENOISE_USE_FINDERS = True

# Uploads: decklists and team CSV files are small; refuse big bodies early.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournament.api_auth.ExpiringTokenAuthentication",
        "tournament.api_auth.TeamKeyAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.api_errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "core.parsers.SafeJSONParser",
        "core.parsers.SafeFormParser",
        "core.parsers.SafeMultiPartParser",
    ],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tandem API",
    "DESCRIPTION": "Two-Headed Giant tournaments: events, teams, decklists, rounds, results.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "PATH_CONVERTER_OVERRIDES": {"id": int},  # core.converters: ids are integers
    # Every operation's error answers (core/api_schema.py), after the enums' hook.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api_schema.add_error_answers",
    ],
    # Choice sets that share a field name with another's: named for what they are.
    "ENUM_NAME_OVERRIDES": {
        "LimitedTimerKindEnum": ["draft", "registration", "construction"],
        "LimitedTimerStatusEnum": ["not_started", "running", "paused", "time_called"],
        "SoloSignupStatusEnum": "tournament.models.SoloSignup.Status",
        "TeamStatusEnum": ["registered", "waiting", "dropped"],  # Team and TeamCreated
    },
}

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://"
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else None
)
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A request that queues a task waits at most about a second for a broker that is down; then
# core.tasks runs the task in-process and skips the broker for TASK_BROKER_RETRY_SECONDS.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 1, "socket_timeout": 2, "max_retries": 0,
}  # fmt: skip
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
CELERY_REDIS_SOCKET_TIMEOUT = 2
TASK_BROKER_RETRY_SECONDS = env_int("TASK_BROKER_RETRY_SECONDS", 10)
# Without a broker the server runs tasks meant for later (a deadline) and beat's periodic ones on a
# timer thread of its own (core.tasks.start_in_process); false drops them, as the tests do.
TASK_TIMERS = env_bool("TASK_TIMERS", True)
# Periodic tasks, run by the compose `beat` service (celery -A config beat). Card data: once a
# day at CARD_UPDATE_HOUR (UTC) the current Scryfall bulk file is imported if it changed
# (decklists.tasks.update_cards); CARD_UPDATE_HOUR=-1 turns it off (a server without internet).
CARD_UPDATE_HOUR = env_int("CARD_UPDATE_HOUR", 5)
CELERY_BEAT_SCHEDULE: dict[str, dict] = {}
# Time called re-derived from the clocks' facts every CLOCK_SWEEP_SECONDS (0: off), in case a
# deadline's queued task was lost with its worker (judging/tasks.py); also the worker heartbeat
# /healthz reads: "stalled" after WORKER_STALE_SECONDS without one.
CLOCK_SWEEP_SECONDS = env_int("CLOCK_SWEEP_SECONDS", 60)
WORKER_STALE_SECONDS = env_int("WORKER_STALE_SECONDS", max(180, 3 * CLOCK_SWEEP_SECONDS))
if CLOCK_SWEEP_SECONDS > 0:
    CELERY_BEAT_SCHEDULE["clock-sweep"] = {
        "task": "judging.clock_sweep",
        "schedule": float(CLOCK_SWEEP_SECONDS),
    }
if CARD_UPDATE_HOUR >= 0:
    CELERY_BEAT_SCHEDULE["update-cards"] = {
        "task": "decklists.update_cards",
        "schedule": crontab(hour=CARD_UPDATE_HOUR % 24, minute=17),
    }

# Web Push (notify/, docs/api.md "Push notifications"). Pushes go only to these push
# services' hosts (SSRF): a name, or "*.suffix" for any name under it (not the suffix itself),
# with ":port" when not 443. The default: Chrome/Android (FCM), Firefox, Safari/iOS, Edge/Windows.
PUSH_ALLOWED_HOSTS = env_list(
    "PUSH_ALLOWED_HOSTS",
    [
        "fcm.googleapis.com",
        "updates.push.services.mozilla.com",
        "*.push.apple.com",
        "*.notify.windows.com",
    ],
)
PUSH_ALLOW_HTTP = False  # plain-HTTP push addresses: only a test's local receiver
# The VAPID key (RFC 8292): base64url of the P-256 private number (or a PEM); unset, derived
# from a SECRET_KEY set in the environment (the same on every host), else made once and kept in
# var/vapid_private_key (notify/vapid.py).
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY")
# Who runs the server, in every push's token: a mailto: or https: address (Apple's push service
# refuses "localhost"); by default the site's own address when CSRF_TRUSTED_ORIGINS names it.
VAPID_SUBJECT = env_str("VAPID_SUBJECT") or (
    CSRF_TRUSTED_ORIGINS[0] if CSRF_TRUSTED_ORIGINS else "mailto:admin@localhost"
)
PUSH_TIMEOUT_SECONDS = env_float("PUSH_TIMEOUT_SECONDS", 5.0)
PUSH_THREADS = env_int("PUSH_THREADS", 32)
PUSH_BATCH = env_int("PUSH_BATCH", 500)
PUSH_RETRIES = env_int("PUSH_RETRIES", 3)
PUSH_RETRY_SECONDS = env_float("PUSH_RETRY_SECONDS", 15.0)

# Production hardening; HTTPS=true behind a TLS-terminating proxy (docker-compose README).
HTTPS = env_bool("HTTPS", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Django's admin site at /admin/: off unless enabled (staff work in Tandem's own pages).
ADMIN_ENABLED = env_bool("ADMIN_ENABLED", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Team keys never reach a log: private links and key= parameters are hidden (core/keylog.py;
    # the servers' access loggers get the same filter from config/asgi.py and config/wsgi.py).
    "filters": {"team_keys": {"()": "core.keylog.KeyRedactingFilter"}},
    "formatters": {"one_line": {"()": "core.logs.OneLineFormatter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["team_keys"]},
        "one_line": {
            "class": "logging.StreamHandler",
            "formatter": "one_line",
            "filters": ["team_keys"],
        },
    },
    "loggers": {
        # A request too large or malformed is the sender's mistake (a 400): one line, no traceback.
        "django.security.RequestDataTooBig": {"handlers": ["one_line"], "propagate": False},
        "django.security.TooManyFieldsSent": {"handlers": ["one_line"], "propagate": False},
        "django.security.TooManyFilesSent": {"handlers": ["one_line"], "propagate": False},
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
