#!/usr/bin/env bash
# A backup of Tessera's PostgreSQL database: pg_dump in its custom format (compressed, restored with
# scripts/restore.sh), one consistent snapshot taken while the site runs.
#   DATABASE_URL=postgres://… scripts/backup.sh [file]     (default: tessera-<UTC date and time>.dump)
# The secrets key (SECRETS_KEY or the SECRETS_KEY_FILE) is not in the database: keep it apart from the dumps.
set -euo pipefail
. "$(dirname "$0")/pg-tools.sh"
: "${DATABASE_URL:?DATABASE_URL must name the database to back up}"
file=${1:-tessera-$(date -u +%Y%m%dT%H%M%SZ).dump}
"$(pg_tool pg_dump)" --format=custom --no-owner --no-privileges --file="$file" "$DATABASE_URL"
echo "Backed up to $file"
