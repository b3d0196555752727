#!/bin/sh
# The web service's start: migrate, load the shipped card catalogue into an empty database,
# collect static files, then serve with gunicorn. docker-compose runs this; so does a test.
set -eu
python manage.py migrate --no-input
python manage.py load_catalogue --if-empty
python manage.py collectstatic --no-input -v0
exec gunicorn config.wsgi --bind "0.0.0.0:${PORT:-8000}" --workers "${WEB_WORKERS:-3}" \
  --threads 4 --access-logfile - --forwarded-allow-ips="*"
