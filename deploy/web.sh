#!/bin/sh
# The web service's start: migrate, load the shipped card catalogue into an empty database,
# collect static files, then serve. docker-compose runs this; so does a test.
#
# Pages and the API are served by granian (WSGI: HTTP parsed and connections held in Rust, a few
# Python threads per worker run the application; WEB_SERVER=gunicorn for gunicorn's threads, the
# server before it, which tests/bench/bench_tracker.py --web-server compares). Live updates
# (Server-Sent Events under /live/) need the ASGI server: deploy/live.sh runs uvicorn for them
# (the compose "live" service); the proxy in front sends /live/ there. Under a WSGI server /live/
# still answers, as polling (core/live.py). WEB_SERVER=uvicorn serves everything with uvicorn.
set -eu
python manage.py migrate --no-input
python manage.py load_catalogue --if-empty
python manage.py collectstatic --no-input -v0
workers="${WEB_WORKERS:-2}"
if [ -z "${LIVE_REDIS_URL:-${REDIS_URL:-}}" ] && [ "$workers" -gt 1 ]; then
  # Live updates fan out inside the process without Redis: one process sees every change.
  echo "No REDIS_URL/LIVE_REDIS_URL: serving with one worker process (set Redis for more)." >&2
  workers=1
fi
# X-Forwarded-For/-Proto are believed from these proxies only (the list the app reads too,
# core/clients.py): the same in web and live.
trusted="${FORWARDED_ALLOW_IPS:-127.0.0.1,::1}"
if [ "${WEB_SERVER:-granian}" = "uvicorn" ]; then
  exec uvicorn config.asgi:application --host 0.0.0.0 --port "${PORT:-8000}" \
    --workers "$workers" --proxy-headers --forwarded-allow-ips "$trusted" --timeout-graceful-shutdown 5
fi
keepalive="${WEB_KEEPALIVE:-10}"
if [ "${WEB_SERVER:-granian}" = "gunicorn" ]; then
  exec gunicorn config.wsgi:application --bind "0.0.0.0:${PORT:-8000}" \
    --workers "$workers" --threads "${WEB_THREADS:-4}" --worker-class gthread \
    --keep-alive "$keepalive" --forwarded-allow-ips "$trusted" --graceful-timeout 5 --timeout 60
fi
# Slow clients (tests/deploy/test_slow_clients.py): headers must arrive within WEB_KEEPALIVE
# seconds (the header read timeout below: the connection is closed), and a body announced over
# DATA_UPLOAD_MAX_MEMORY_SIZE is answered 413 before it is read. granian has no body-read
# timeout and reads a WSGI body on an application thread: a body sent a byte a second holds a
# thread, so this port is for the proxy only (compose publishes the proxy's ports alone; the proxy
# buffers bodies and times out slow ones, deploy/nginx.conf).
# Keep-alive: a table's phones post every few seconds and keep their connection (with gunicorn's
# default of 2 s they reconnected for almost every post, onto whichever worker accepted first).
# granian counts an idle connection's wait for its next request as reading headers. Its
# backpressure caps the connections a worker holds (by default 1024 / workers, fewer than a
# round's phones: the rest waited unserved), hence WEB_CONNECTIONS per worker. Threads: a phone's
# write spends most of its time waiting on PostgreSQL and Redis, so 8 per worker (2 x 8 kept up
# with bench_tracker's 500 writes a second where 2 x 4 fell behind; 2 x 16 fell further behind).
exec granian --interface wsgi --http 1 --no-ws --host 0.0.0.0 --port "${PORT:-8000}" \
  --workers "$workers" --blocking-threads "${WEB_THREADS:-8}" \
  --backlog "${WEB_CONNECTIONS:-4096}" --backpressure "${WEB_CONNECTIONS:-4096}" \
  --http1-header-read-timeout "$((keepalive * 1000))" \
  --workers-kill-timeout 5 --respawn-failed-workers \
  config.wsgi:application
