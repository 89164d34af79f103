"""Django settings for Tenbō, read from the environment.

DJANGO_SECRET_KEY, DJANGO_DEBUG, DJANGO_ALLOWED_HOSTS and DATABASE_URL configure a deployment;
with none of them set the site runs in debug mode on a local SQLite file.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import dj_database_url
import dj_email_url
from django.conf.locale import LANG_INFO

from scoring.engine.words import LANGUAGES as SPOKEN

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DJANGO_DEBUG", default="DJANGO_SECRET_KEY" not in os.environ)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
# Earlier secret keys, still accepted while they are rotated out (comma-separated): signed-in
# users stay signed in and password-reset links stay valid across a change of key.
SECRET_KEY_FALLBACKS = [
    k.strip() for k in os.environ.get("DJANGO_SECRET_KEY_FALLBACKS", "").split(",") if k.strip()
]

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "scoring",
    "quizsite.quiz",
    "quizsite.learn",
    "quizsite.accounts",
    "quizsite.drills",
    "quizsite.games",
    "quizsite.practice",
    "quizsite.classes",
    "quizsite.visitors",
]

MIDDLEWARE = [
    "quizsite.headers.SecurityHeadersMiddleware",  # first: every response, static files too
    # /health/ for a load balancer: answered before the host check, the HTTPS redirect and
    # the session (quizsite/health.py).
    "quizsite.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "quizsite.head.HeadAsGetMiddleware",  # HEAD answers as GET does, without the body
    # NUL in a path, query, form or cookie (400) and PUT/PATCH/DELETE (405), refused before
    # the sessions and the CSRF check (quizsite/guards.py).
    "quizsite.guards.RequestGuardMiddleware",
    # Pages gzipped when the browser takes it (static files come compressed from WhiteNoise);
    # Django's GZip pads each response at random against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: its URL's prefix (/ja/…), else the visitor's choice or browser.
    "quizsite.language.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "quizsite.unavailable.DatabaseUnavailableMiddleware",  # a busy or full database: 503
]

ROOT_URLCONF = "quizsite.urls"
CSRF_FAILURE_VIEW = "quizsite.views.csrf_failure"  # the site's own 403 page, with a way back
WSGI_APPLICATION = "quizsite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "quizsite.language.context",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # The page chrome's tags: what every page shows the same, rendered once a language.
            "libraries": {"chrome": "quizsite.chrome"},
        },
    }
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
# The largest game log (or game export) the import takes, in bytes, also once a gzipped file
# is unpacked. A post that says it is bigger is refused before it is read; the form's own
# fields may be this big (a pasted log), files past Django's memory size go to a temporary file.
TENBO_LOG_MAX_BYTES = int(os.environ.get("TENBO_LOG_MAX_BYTES", "2000000"))
DATA_UPLOAD_MAX_MEMORY_SIZE = max(2_621_440, TENBO_LOG_MAX_BYTES + 262_144)
# How long a write waits for another writer's lock before it gives up (seconds): the page then
# says the answer was not saved (503) rather than keep the learner waiting.
DB_LOCK_TIMEOUT = float(os.environ.get("TENBO_DB_LOCK_TIMEOUT", "20"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Many students answer at once. In WAL mode readers never wait for the writer, and an
    # immediate transaction takes the write lock when it begins, so a second writer waits (up
    # to `timeout` seconds) instead of failing half-way with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": DB_LOCK_TIMEOUT,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Django's backend, with a write that waits long for the lock stepping aside so that the
    # worker's other requests go on (quizsite/sqlite/base.py, quizsite/turns.py).
    DATABASES["default"]["ENGINE"] = "quizsite.sqlite"
    # Tests use a file too (not SQLite's in-memory default), so they run in WAL mode as served.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The same bound on PostgreSQL: a statement waiting longer for a lock fails (503).
    pg_options = DATABASES["default"].setdefault("OPTIONS", {})
    pg_options["options"] = (
        f"{pg_options.get('options', '')} -c lock_timeout={int(DB_LOCK_TIMEOUT * 1000)}".strip()
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# English is the source language; every other language's pages live under /<code>/ (see
# quizsite/language.py). The languages are the engine's one list (scoring.engine.words), each
# named in its own words (Django's table of languages).
LANGUAGE_CODE = "en"
LANGUAGES = [(code, LANG_INFO[code]["name_local"]) for code in SPOKEN]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "tenbo_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "quizsite.static_bundle.BundleFinder",  # css/all.css: the shared stylesheets in one
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Serve from STATICFILES_DIRS directly when collectstatic has not run (tests, `make run`).
WHITENOISE_USE_FINDERS = DEBUG
if DEBUG and not STATIC_ROOT.exists():
    # Without collectstatic there is no STATIC_ROOT yet; the finders serve everything.
    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)

# Browser-side headers (quizsite/headers.py). Pages load only the site's own files: scripts
# and styles from static/ (no inline script, handler or style attribute; htmx is configured
# to need none), images from static/ or data: URIs, no plugins, no framing by other sites,
# forms posted only here.
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
# Browser features the site never uses, off for its pages and for anything framed in them.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "encrypted-media",
        "geolocation",
        "gyroscope",
        "hid",
        "idle-detection",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
}
# Other sites learn nothing of the page a link was followed from (Django's default, made plain).
SECURE_REFERRER_POLICY = "same-origin"

# Sessions live on the server (the cookie holds only a random key, so logging out ends the
# session everywhere): in the database, or in the cache when REDIS_URL is set. Both read a
# session cookie the site's earlier signed-cookie sessions wrote, once, into a new session.
SESSION_ENGINE = "quizsite.visitors.sessions." + ("cache" if "REDIS_URL" in os.environ else "db")

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# Accounts: instructors sign in; learners answer drills with a display name only.
LOGIN_URL = "accounts:login"
# Django's password hashers, then the one for class students' short PINs (classes/hashers.py).
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
    "quizsite.classes.hashers.PinHasher",
]
# An instructor's account holds students' names and work: passwords are checked by Django's
# validators (messages in every language Django speaks, Japanese included): at least 12
# characters (OWASP ASVS), not a common one, not all digits, not like the user name or e-mail.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},  # OWASP ASVS: at least 12
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_REDIRECT_URL = "drills:list"
LOGOUT_REDIRECT_URL = "home"

# E-mail (password resets): printed on the console unless EMAIL_URL names a server, e.g.
# smtp+tls://user:password@smtp.example.org:587
if "EMAIL_URL" in os.environ:
    globals().update(dj_email_url.parse(os.environ["EMAIL_URL"]))
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Tenbō <noreply@localhost>")

# The cache holds the rate limits, so it must be shared by every worker and server: the
# database's CACHE_TABLE (made by a migration, quizsite/accounts/migrations) unless REDIS_URL
# is set.
CACHE_TABLE = "tenbo_cache"
if "REDIS_URL" in os.environ:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": CACHE_TABLE,
        }
    }

# Rates (django-ratelimit syntax, "N/period"): answers per learner (session or account, never
# per address), sign-ups per address; failed or not, log-ins (the site's and the admin's
# together) per address and per address + user name, never per user name alone (a stranger
# could lock the owner out); password-reset e-mails per address and per account (the e-mail
# address asked for). "Address" is the client's, behind TENBO_TRUSTED_PROXIES proxies.
RATE_ANSWERS = os.environ.get("TENBO_RATE_ANSWERS", "60/m")
RATE_SIGNUPS = os.environ.get("TENBO_RATE_SIGNUPS", "30/h")
RATE_LOGINS = os.environ.get("TENBO_RATE_LOGINS", "10/5m")
RATE_LOGINS_PER_ADDRESS = os.environ.get("TENBO_RATE_LOGINS_PER_ADDRESS", "100/h")
# Wrong PINs a class's sign-in checks in any 24 hours, all its students and addresses together
# (quizsite/classes/pins.py): past it, PIN sign-in for the class pauses (personal links go on).
# 100 keeps the chance of guessing any student's six-digit PIN in a month under 0.32 %.
CLASS_WRONG_PINS = int(os.environ.get("TENBO_CLASS_WRONG_PINS", "100"))
# Class codes that name no class, per address (an address past it gets no class by code).
RATE_WRONG_CODES = os.environ.get("TENBO_RATE_WRONG_CODES", "20/h")
RATE_RESETS = os.environ.get("TENBO_RATE_RESETS", "3/h")
RATE_RESETS_PER_ADDRESS = os.environ.get("TENBO_RATE_RESETS_PER_ADDRESS", "10/h")
# Game logs read by /games/import/ (and a club's import), per address: a zip of a season's
# games is 40 at most.
RATE_LOG_IMPORTS = os.environ.get("TENBO_RATE_LOG_IMPORTS", "200/h")
# New students starting one drill from one client address (a class behind one router fits).
TENBO_RATE_ATTEMPTS = os.environ.get("TENBO_RATE_ATTEMPTS", "60/h")

# How many proxies stand in front of the site (nginx, Caddy: 1). Each appends the address it
# saw to X-Forwarded-For, so the client is the N-th entry from the right; anything a client
# forges stands before it. 0 reads no header: REMOTE_ADDR is the client.
try:
    TENBO_TRUSTED_PROXIES = int(os.environ.get("TENBO_TRUSTED_PROXIES", "0"))
except ValueError:
    raise RuntimeError(
        "TENBO_TRUSTED_PROXIES is the number of proxies in front: 0, 1, 2..."
    ) from None
if TENBO_TRUSTED_PROXIES < 0:
    raise RuntimeError("TENBO_TRUSTED_PROXIES is the number of proxies in front: 0, 1, 2...")
# Every django-ratelimit key="ip" limit keys on that client address.
RATELIMIT_IP_META_KEY = "quizsite.client.client_address"
