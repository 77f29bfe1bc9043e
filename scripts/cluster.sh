#!/usr/bin/env bash
# Several server processes behind nginx on one PostgreSQL (README, "Several processes behind nginx"):
# PROCESSES (3) processes on free loopback ports, nginx on PORT (8080); DATABASE_URL, or a throwaway PostgreSQL
# server. The server's own settings pass through the environment. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --import tsx scripts/cluster.ts "$@"
