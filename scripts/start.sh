#!/usr/bin/env bash
# `npm start`: set up what is missing, then run the api and one worker until Ctrl-C.
source "$(dirname "$0")/lib.sh"

bootstrap
use_database sheaf
migrate_and_seed
build_web

export NODE_ENV="${NODE_ENV:-production}"
PIDS=()
cleanup() {
  trap - INT TERM EXIT
  log "Stopping"
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait "${PIDS[@]}" 2>/dev/null || true
  stop_started_services
  exit 0
}
trap cleanup INT TERM EXIT

node --import tsx worker/src/main.ts & PIDS+=($!)
node --import tsx api/src/main.ts & PIDS+=($!)

# Ready once the api answers and the worker has published the engines it probed.
ready=0
for _ in $(seq 100); do
  if curl -fs "http://127.0.0.1:${PORT:-3000}/api/health" 2>/dev/null | grep -q '"qpdf"'; then ready=1; break; fi
  sleep 0.2
done
if ((ready)); then
  log "Sheaf is running at ${PUBLIC_URL:-http://localhost:${PORT:-3000}} (Ctrl-C to stop)"
else
  # Still started: a slow first boot may become healthy later, but nobody should be told it is.
  printf '\033[1;33m[sheaf]\033[0m %s\n' \
    "WARNING: Sheaf is not healthy after 20 s: /api/health did not answer with the worker's engines." \
    "It keeps running; see the messages above or http://127.0.0.1:${PORT:-3000}/api/health (Ctrl-C to stop)" >&2
fi
wait -n "${PIDS[@]}"
