#!/bin/sh
# The live service: uvicorn (ASGI) for the Server-Sent Events under /live/ only; the proxy in
# front sends /live/ here and everything else to the web service (deploy/web.sh). It shares the
# web service's database and Redis (LIVE_REDIS_URL or REDIS_URL: required for more than one
# process, since changes published by the web service reach it over Redis).
set -eu
exec uvicorn config.asgi:application --host 0.0.0.0 --port "${PORT:-8001}" \
  --workers "${LIVE_WORKERS:-1}" --proxy-headers --forwarded-allow-ips="*" \
  --timeout-graceful-shutdown 5
