#!/usr/bin/env bash
# Restores a dump of scripts/backup.sh into an EMPTY database (create it first: createdb, or CREATE DATABASE), in one
# transaction: either all of it is there or nothing. Then start Tessera on it (DATABASE_URL=… npm run start:prod,
# with the same SECRETS_KEY as before): it applies any migration newer than the dump.
#   DATABASE_URL=postgres://… scripts/restore.sh file
set -euo pipefail
. "$(dirname "$0")/pg-tools.sh"
: "${DATABASE_URL:?DATABASE_URL must name the empty database to restore into}"
file=${1:?the dump file to restore}
tables=$("$(pg_tool psql)" "$DATABASE_URL" --no-psqlrc --tuples-only --no-align --command \
  "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
if [ "$tables" != "0" ]; then
  echo "Refusing to restore: the database of DATABASE_URL has $tables tables; restore into an empty database" >&2
  exit 1
fi
"$(pg_tool pg_restore)" --exit-on-error --single-transaction --no-owner --no-privileges --dbname="$DATABASE_URL" "$file"
echo "Restored $file"
