#!/bin/sh
# The live service: uvicorn (ASGI) for the Server-Sent Events under /live/ only; the proxy in
# front sends /live/ here and everything else to the web service (deploy/web.sh). It shares the
# web service's database and Redis (LIVE_REDIS_URL or REDIS_URL: required for more than one
# process, since changes published by the web service reach it over Redis).
set -eu
# X-Forwarded-For/-Proto are believed from FORWARDED_ALLOW_IPS only (the list the app and
# deploy/web.sh read too, core/clients.py): a client reaching this port directly is itself.
exec uvicorn config.asgi:application --host 0.0.0.0 --port "${PORT:-8001}" \
  --workers "${LIVE_WORKERS:-1}" --proxy-headers \
  --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1,::1}" \
  --timeout-graceful-shutdown 5
