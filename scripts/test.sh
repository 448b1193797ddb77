#!/usr/bin/env bash
# `npm test`: the same bootstrap on a database of its own, then every test tier.
source "$(dirname "$0")/lib.sh"

export NODE_ENV=test
# Set before the bootstrap: a Ctrl-C while it starts the servers still stops them.
trap stop_started_services EXIT
trap 'exit 130' INT TERM
bootstrap

# A fresh test database every run.
if [[ "${SHEAF_LOCAL_DB:-}" == 1 || -z "${DATABASE_URL:-}" ]]; then
  "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U sheaf -d postgres -qc 'DROP DATABASE IF EXISTS sheaf_test WITH (FORCE)' >/dev/null
fi
use_database sheaf_test
migrate_and_seed
build_web

# Files of the test run live apart from a running instance's.
export DATA_DIR="$DATA_DIR/test-run" QUEUE_PREFIX=sheaf-test
rm -rf "$DATA_DIR" && mkdir -p "$DATA_DIR"

log "Static checks"
(cd web && npx react-router typegen >/dev/null)
npx tsc --noEmit -p tsconfig.json
npm run --silent lint
bash scripts/check-drift.sh

for tier in unit integration conformance e2e; do
  log "Tier: $tier"
  npx vitest run --config tests/vitest.config.ts --project "$tier"
done
log "All tiers passed"
