"""WSGI entry point: `gunicorn quizsite.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")
application = get_wsgi_application()
