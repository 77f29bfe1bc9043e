# Sourced by backup.sh and restore.sh: pg_tool <name> finds a PostgreSQL client program (PG_BIN, the PATH, or
# Debian's newest /usr/lib/postgresql/<version>/bin). Use the version of the server or a newer one.
pg_tool() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN/$1"; return; fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n -r | head -n1)
  if [ -n "$found" ] && [ -x "$found/$1" ]; then echo "$found/$1"; return; fi
  command -v "$1" || { echo "$1 not found: install the postgresql-client package or set PG_BIN" >&2; exit 1; }
}
