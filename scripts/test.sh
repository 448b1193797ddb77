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

tier() { npx vitest run --config tests/vitest.config.ts --project "$1"; }

# The unit tier needs no services and the integration tier spends much of its time waiting on
# workers and engines, so they run side by side; the unit tier's report follows the integration's.
log "Tiers: unit (beside integration) and integration"
tier unit >"$DATA_DIR/unit-tier.log" 2>&1 &
unit_pid=$!
integration_status=0
tier integration || integration_status=$?
unit_status=0
wait "$unit_pid" || unit_status=$?
log "Tier: unit"
cat "$DATA_DIR/unit-tier.log"
((unit_status == 0 && integration_status == 0)) || die "unit tier: exit $unit_status, integration tier: exit $integration_status"

for t in conformance e2e; do
  log "Tier: $t"
  tier "$t"
done
log "All tiers passed"
