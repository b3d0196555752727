#!/bin/sh
# The web service's start: migrate, load the shipped card catalogue into an empty database,
# collect static files, then serve the ASGI app with uvicorn (pages, API, live updates over
# Server-Sent Events). docker-compose runs this; so does a test.
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
exec uvicorn config.asgi:application --host 0.0.0.0 --port "${PORT:-8000}" \
  --workers "$workers" --proxy-headers --forwarded-allow-ips="*" --timeout-graceful-shutdown 5
