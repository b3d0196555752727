#!/bin/sh
# The backup service of docker-compose.yml: a pg_dump of the database every BACKUP_HOURS (24),
# the first one when the service starts, in PostgreSQL's custom format (compressed; pg_restore
# reads it) into BACKUP_DIR (/backups, the pgbackups volume or PG_BACKUP_DIR on the host), named
# tandem-<UTC time>.dump. The database comes from libpq's variables (PGHOST, PGUSER, PGPASSWORD,
# PGDATABASE). A dump is written under a temporary name and read back (pg_restore --list) before
# it gets its name; after each new dump those older than BACKUP_KEEP_DAYS (14) are deleted, so
# a database that stops answering never costs the last good dump.
#   deploy/pg-backup.sh --once    one dump now, then exit (before an upgrade; the tests run this)
# README, "Backups on PostgreSQL", restores one; tests/deploy/test_pg_backup.py does it too.
set -eu
dir="${BACKUP_DIR:-/backups}"
hours="${BACKUP_HOURS:-24}"
keep_days="${BACKUP_KEEP_DAYS:-14}"
case "$hours$keep_days" in
  *[!0-9]*) echo "pg-backup: BACKUP_HOURS and BACKUP_KEEP_DAYS are whole numbers" >&2; exit 2 ;;
esac
mkdir -p "$dir"

dump() {
  name="tandem-$(date -u +%Y%m%dT%H%M%SZ).dump"
  partial="$dir/.$name.partial"
  if ! pg_dump --format=custom --file="$partial" || ! pg_restore --list "$partial" >/dev/null; then
    rm -f "$partial"
    echo "pg-backup: the dump failed; the dumps already taken are kept" >&2
    return 1
  fi
  mv "$partial" "$dir/$name"
  find "$dir" -maxdepth 1 -type f -name 'tandem-*.dump' ! -name "$name" \
    -mmin "+$((keep_days * 1440))" -exec rm -f {} +
  echo "pg-backup: $dir/$name, $(wc -c <"$dir/$name") bytes"
}

if [ "${1:-}" = "--once" ]; then
  dump
  exit
fi
while :; do
  dump || true
  sleep "$((hours * 3600))"
done
