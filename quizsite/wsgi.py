"""WSGI entry point: `gunicorn quizsite.wsgi`."""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

from quizsite.sqlite import served

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")
application = served(get_wsgi_application(), settings.DATABASES["default"]["ENGINE"])
