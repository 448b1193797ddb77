#!/usr/bin/env bash
# `npm start`: set up what is missing, then run the api and one worker, each restarted when it dies,
# until Ctrl-C or SIGTERM stops them and the PostgreSQL and Redis this run started.
source "$(dirname "$0")/lib.sh"
source "$ROOT/scripts/build-server.sh"

SUPERVISOR=
stop_everything() {
  # npm hands a Ctrl-C on to this script although the terminal already sent it here, and people
  # press Ctrl-C twice: neither may cut the stop short and leave PostgreSQL and Redis running.
  trap '' INT TERM HUP
  trap - EXIT
  log "Stopping"
  if [[ -n "$SUPERVISOR" ]]; then
    # The supervisor stops the api and the worker (TERM, then KILL if they hang) before it exits…
    kill -TERM "$SUPERVISOR" 2>/dev/null || true
    wait "$SUPERVISOR" 2>/dev/null || true
    # …unless it died first: then they are left in its process group.
    if kill -TERM -- "-$SUPERVISOR" 2>/dev/null; then
      for _ in $(seq 50); do kill -0 -- "-$SUPERVISOR" 2>/dev/null || break; sleep 0.2; done
      kill -KILL -- "-$SUPERVISOR" 2>/dev/null || true
    fi
  fi
  stop_started_services
}
# Set before the bootstrap, so a Ctrl-C during the migrations or the build stops the services too.
trap 'stop_everything; exit 0' INT TERM HUP
trap stop_everything EXIT

bootstrap
use_database sheaf
migrate_and_seed
build_web
build_server

export NODE_ENV="${NODE_ENV:-production}"
# A bad setting stops here with its message, instead of in a child the supervisor restarts forever.
node dist/scripts/check-env.js

# The supervisor runs the compiled worker and api (`node dist/worker/src/main.js`, `node dist/api/src/main.js`)
# and restarts either when it dies. In a process group of its own (set -m), so a Ctrl-C reaches them
# only through the supervisor's one TERM, and whatever it leaves behind can be found.
set -m
node dist/scripts/supervise.js &
SUPERVISOR=$!
set +m

# Ready once the api answers and the worker has published the engines it probed.
ready=0
for _ in $(seq 100); do
  if curl -fs --max-time 2 "http://127.0.0.1:${PORT:-3000}/api/health" 2>/dev/null | grep -q '"qpdf"'; then ready=1; break; fi
  sleep 0.2
done
if ((ready)); then
  log "Sheaf is running at ${PUBLIC_URL:-http://localhost:${PORT:-3000}} (Ctrl-C to stop)"
  # Once, what this server is doing: mail, billing, AI, downloads, files (no secrets).
  node dist/scripts/mode-summary.js || true
else
  # Still started: a slow first boot may become healthy later, but nobody should be told it is.
  printf '\033[1;33m[sheaf]\033[0m %s\n' \
    "WARNING: Sheaf is not healthy after 20 s: /api/health did not answer with the worker's engines." \
    "It keeps running; see the messages above or http://127.0.0.1:${PORT:-3000}/api/health (Ctrl-C to stop)" >&2
fi
# Returns only when the supervisor itself died; a signal runs the trap above instead.
wait "$SUPERVISOR" || true
die "The supervisor of the api and the worker stopped unexpectedly"
