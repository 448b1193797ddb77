# Shared bootstrap for `npm start`, `npm test` and `npm run bench`. Source it; it defines functions only.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '\033[1;34m[sheaf]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[sheaf]\033[0m %s\n' "$*" >&2; exit 1; }

PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
PG_PORT="${SHEAF_PG_PORT:-54329}"
REDIS_PORT="${SHEAF_REDIS_PORT:-63799}"

# Installs the missing Debian packages listed in $1 (scripts/system-packages.txt by default) when
# root; otherwise prints the one line to run and stops.
ensure_system_packages() {
  local list="${1:-scripts/system-packages.txt}" missing=()
  while read -r pkg; do
    [[ -z "$pkg" || "$pkg" == \#* ]] && continue
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done < "$list"
  ((${#missing[@]} == 0)) && return 0
  if [[ $EUID -ne 0 ]]; then
    die "Missing system packages. Run: sudo apt-get install -y ${missing[*]}"
  fi
  log "Installing system packages: ${missing[*]}"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
}

# Installs npm dependencies when node_modules is missing or older than the lockfile.
ensure_npm_deps() {
  if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
    log "Installing npm dependencies"
    # Not `npm ci`: the registry here mirrors only some platforms' optional packages, so the lockfile
    # lacks the others and `npm ci` refuses it as out of sync; `npm install` follows the lockfile.
    npm install --no-audit --no-fund --loglevel=error
  fi
  # The generated client carries a copy of the schema; the stub npm installs does not.
  if [[ ! -f node_modules/.prisma/client/schema.prisma || prisma/schema.prisma -nt node_modules/.prisma/client/schema.prisma ]]; then
    # generate reads the schema, whose url must be set, but never connects.
    DATABASE_URL="${DATABASE_URL:-postgresql://localhost/unused}" npx prisma generate --config prisma/prisma.config.ts >/dev/null
  fi
}

as_pg() { if [[ $EUID -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# Starts PostgreSQL on loopback under $DATA_DIR/postgres unless DATABASE_URL is set.
# Sets STARTED_PG=1 when this call started it.
start_postgres() {
  STARTED_PG=0
  [[ -n "${DATABASE_URL:-}" ]] && return 0
  local dir="$DATA_DIR/postgres"
  mkdir -p "$dir"
  if [[ $EUID -eq 0 ]]; then
    # The server runs as the postgres user, which must be able to reach the folder (not so under /root).
    if ! runuser -u postgres -- test -x "$DATA_DIR"; then
      dir="/var/tmp/sheaf-postgres-$(printf '%s' "$DATA_DIR" | md5sum | cut -c1-10)"
      log "postgres cannot reach $DATA_DIR; keeping its cluster in $dir"
      mkdir -p "$dir"
    fi
    chown postgres:postgres "$dir" && chmod 700 "$dir"
  fi
  if [[ ! -f "$dir/PG_VERSION" ]]; then
    log "Creating a PostgreSQL cluster in $dir"
    as_pg "$PG_BIN/initdb" -D "$dir" -U sheaf -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  export SHEAF_PG_DIR="$dir"
  if ! as_pg "$PG_BIN/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    # Ours from the moment we ask: a Ctrl-C during the start must still stop the server.
    STARTED_PG=1
    as_pg "$PG_BIN/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $dir -c max_connections=200" start >/dev/null
  fi
}

# Creates the database named $1 if missing and exports DATABASE_URL for it.
use_database() {
  if [[ -z "${DATABASE_URL:-}" || "${SHEAF_LOCAL_DB:-}" == 1 ]]; then
    export DATABASE_URL="postgresql://sheaf@127.0.0.1:$PG_PORT/$1"
    export SHEAF_LOCAL_DB=1
    "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U sheaf -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$1'" | grep -q 1 ||
      "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U sheaf -d postgres -qc "CREATE DATABASE \"$1\"" >/dev/null
  fi
}

stop_postgres() { as_pg "$PG_BIN/pg_ctl" -D "$SHEAF_PG_DIR" -m fast -w stop >/dev/null 2>&1 || true; }

# Starts Redis on loopback under $DATA_DIR/redis unless REDIS_URL is set. Sets STARTED_REDIS=1.
start_redis() {
  STARTED_REDIS=0
  if [[ -n "${REDIS_URL:-}" && "${SHEAF_LOCAL_REDIS:-}" != 1 ]]; then return 0; fi
  local dir="$DATA_DIR/redis"
  mkdir -p "$dir"
  export REDIS_URL="redis://127.0.0.1:$REDIS_PORT" SHEAF_LOCAL_REDIS=1
  if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    STARTED_REDIS=1
    # noeviction: BullMQ must never lose a job to memory pressure; appendonly keeps jobs across restarts.
    redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$dir" --daemonize yes \
      --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --appendonly yes --save '' \
      --maxmemory-policy noeviction >/dev/null
    for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
}

# Stops the local servers this script started (not ones it found running).
stop_started_services() {
  [[ "${STARTED_REDIS:-0}" == 1 ]] && stop_redis
  [[ "${STARTED_PG:-0}" == 1 ]] && stop_postgres
  true
}

stop_redis() { redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true; }

migrate_and_seed() {
  npx tsx prisma/pending-migrations.ts || npx prisma migrate deploy --config prisma/prisma.config.ts >/dev/null
  npx tsx prisma/seed.ts
}

# Builds the web app when its sources are newer than the build.
build_web() {
  local stamp=web/build/.stamp
  if [[ ! -f "$stamp" ]] || [[ -n "$(find web/app web/public web/vite.config.ts web/react-router.config.ts shared package-lock.json -newer "$stamp" -type f -print -quit 2>/dev/null)" ]]; then
    log "Building the web app"
    # Always a production build, whatever NODE_ENV the caller runs under (npm test sets test).
    (cd web && NODE_ENV=production npx react-router build >/dev/null)
    touch "$stamp"
  fi
}

# The common bootstrap: packages, dependencies, services.
bootstrap() {
  export DATA_DIR="$(mkdir -p "${DATA_DIR:-.data}" && cd "${DATA_DIR:-.data}" && pwd)"
  ensure_system_packages
  ensure_npm_deps
  start_postgres
  start_redis
}
