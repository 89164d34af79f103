"""The deployment's gunicorn settings, in one place: `gunicorn quizsite.wsgi` reads this file
from the folder it is started in (or name it: `gunicorn -c gunicorn.conf.py quizsite.wsgi`).

Threads, so that reads go on while writes wait. A write that finds the database locked by
another writer waits for the lock (`TENBO_DB_LOCK_TIMEOUT`, 20 s) before the visitor gets the
site's 503; with one request per worker (gunicorn's sync workers) a handful of such writes
took every worker and the han/fu table, which reads nothing, waited 20 s behind them. Each
worker here serves `threads` requests at once: a waiting write holds one thread (it waits in
the database driver, without Python's lock), and the other threads answer. The limits, the
sessions and the database are shared by every worker and thread, so the count changes nothing
else. Each thread keeps its own database connection: workers × threads of them (24), well
within PostgreSQL's 100. On SQLite a worker's threads take turns, one computing at a time
(quizsite/turns.py): a waiting request steps aside for the others.

Override any of these with the environment (GUNICORN_CMD_ARGS="--workers 5") or on the command
line. docs/security.md says why each is so.
"""

import os

bind = os.environ.get("TENBO_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("TENBO_WORKERS", "3"))  # about two per CPU core
worker_class = "gthread"
threads = int(os.environ.get("TENBO_THREADS", "8"))  # requests at once, per worker
# A gthread worker beats its heartbeat from its own loop, not from a request: a request waiting
# on the database does not get the worker killed. Past this a stuck worker is restarted.
timeout = 60
graceful_timeout = 30
# A worker takes no more connections than it has threads: a worker whose threads all wait (for
# the database's lock) leaves new requests in the listening queue to a worker that has a free
# thread, instead of holding them behind the waiting ones. So no connection is kept open
# between requests (the proxy in front keeps the browsers' connections).
worker_connections = threads
keepalive = 0
# A worker is replaced after this many requests (and a few more at random, so they do not all
# restart at once): memory a long-running process gathers is given back.
max_requests = 5000
max_requests_jitter = 500
