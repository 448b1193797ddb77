#!/usr/bin/env bash
# `npm test`: the same bootstrap on a database of its own, then every test tier.
source "$(dirname "$0")/lib.sh"

export NODE_ENV=test
# Set before the bootstrap: a Ctrl-C while it starts the servers still stops them.
trap stop_started_services EXIT
trap 'exit 130' INT TERM
bootstrap

# Fresh test databases every run: with local servers, one more for the integration files that run
# beside the others (integration-apart in tests/vitest.config.ts).
APART_DATABASE_URL=
if [[ "${SHEAF_LOCAL_DB:-}" == 1 || -z "${DATABASE_URL:-}" ]]; then
  for db in sheaf_test sheaf_test_apart; do
    "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U sheaf -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
  done
  use_database sheaf_test_apart
  migrate_and_seed >/dev/null
  APART_DATABASE_URL=$DATABASE_URL
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

tier() { npx vitest run --config tests/vitest.config.ts --project "$@"; }

# A CI log keeps only its tail: a failed run ends with the failing files and tests of every log given.
failures() {
  log "Failed:"
  sed 's/\x1b\[[0-9;]*m//g' "$@" | grep -E '^ *(FAIL|×) ' | sort -u || true
}

# The unit tier needs no services and the integration tier spends much of its time waiting on
# workers and engines, so a second lane runs beside it: the unit tier, then the integration files
# that bring their own servers, on their own database and DATA_DIR. Its report follows.
log "Tiers: integration, beside unit + integration-apart"
apart_lane() {
  tier unit || return
  if [[ -n "$APART_DATABASE_URL" ]]; then
    DATABASE_URL=$APART_DATABASE_URL DATA_DIR="$DATA_DIR/apart" tier integration-apart
  fi
}
apart_lane >"$DATA_DIR/apart-lane.log" 2>&1 &
lane_pid=$!
integration_status=0
tier integration 2>&1 | tee "$DATA_DIR/integration.log" || integration_status=$?
# Without local servers there is no second database: the apart files run after the others.
if [[ -z "$APART_DATABASE_URL" && $integration_status == 0 ]]; then tier integration-apart 2>&1 | tee -a "$DATA_DIR/integration.log" || integration_status=$?; fi
lane_status=0
wait "$lane_pid" || lane_status=$?
log "Tiers: unit and integration-apart"
cat "$DATA_DIR/apart-lane.log"
if ((lane_status != 0 || integration_status != 0)); then
  failures "$DATA_DIR/integration.log" "$DATA_DIR/apart-lane.log"
  die "unit + integration-apart: exit $lane_status, integration: exit $integration_status"
fi

last_tier() {
  local t=$1
  log "Tier: $t"
  tier "$@" 2>&1 | tee "$DATA_DIR/$t.log" || { failures "$DATA_DIR/$t.log"; die "$t: failed"; }
}
# Its JSON report times each tool's cases: scripts/conformance-seconds.ts balances the shards on it.
last_tier conformance --reporter=default --reporter=json --outputFile.json="$DATA_DIR/conformance-report.json"
last_tier e2e
log "All tiers passed"
