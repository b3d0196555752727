#!/bin/sh
# The web service's start: migrate, load the shipped card catalogue into an empty database,
# collect static files, then serve. docker-compose runs this; so does a test.
#
# Pages and the API are served by gunicorn (WSGI, threads: measured about twice as many pages
# per second as uvicorn on the same machine, tests/bench/bench_pages.py). Live updates
# (Server-Sent Events under /live/) need the ASGI server: deploy/live.sh runs uvicorn for them
# (the compose "live" service); the proxy in front sends /live/ there. Under gunicorn /live/
# still answers, as polling (core/live.py). WEB_SERVER=uvicorn serves everything with uvicorn.
set -eu
python manage.py migrate --no-input
python manage.py load_catalogue --if-empty
python manage.py collectstatic --no-input -v0
workers="${WEB_WORKERS:-3}"
if [ -z "${LIVE_REDIS_URL:-${REDIS_URL:-}}" ] && [ "$workers" -gt 1 ]; then
  # Live updates fan out inside the process without Redis: one process sees every change.
  echo "No REDIS_URL/LIVE_REDIS_URL: serving with one worker process (set Redis for more)." >&2
  workers=1
fi
if [ "${WEB_SERVER:-gunicorn}" = "uvicorn" ]; then
  exec uvicorn config.asgi:application --host 0.0.0.0 --port "${PORT:-8000}" \
    --workers "$workers" --proxy-headers --forwarded-allow-ips="*" --timeout-graceful-shutdown 5
fi
# Keep-alive: a table's phones post every few seconds; gunicorn's default (2 s) closed their
# connections between taps, and the reconnections piled onto whichever worker accepted first
# (tests/bench/bench_tracker.py: one worker at 43 s of CPU in 60 s, the others at 9 s).
exec gunicorn config.wsgi:application --bind "0.0.0.0:${PORT:-8000}" \
  --workers "$workers" --threads "${WEB_THREADS:-4}" --worker-class gthread \
  --keep-alive "${WEB_KEEPALIVE:-10}" \
  --forwarded-allow-ips="*" --graceful-timeout 5 --timeout 60
