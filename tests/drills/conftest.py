"""The drill tests' set-up.

The live server's listen queue is raised from Django's 10 to what a production server
(gunicorn: 2048) offers, so 200 students connecting at the same instant are queued rather than
reset by the test server's kernel queue. It must be set before the session's live server binds.
"""

from django.core.servers.basehttp import WSGIServer

WSGIServer.request_queue_size = 1024
