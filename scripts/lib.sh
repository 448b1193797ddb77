# Shared bootstrap for `npm start`, `npm test` and `npm run bench`. Source it; it defines functions only.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '\033[1;34m[sheaf]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[sheaf]\033[0m %s\n' "$*" >&2; exit 1; }

PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"

# Each DATA_DIR has its own PostgreSQL and Redis, on ports of its own: SHEAF_PG_PORT / SHEAF_REDIS_PORT
# when given, else the ones remembered in $DATA_DIR/ports, else ports derived from the folder's path
# (the next free ones if another program holds them), then remembered. A server found on a port is
# used only when it is this folder's own (its cluster's postmaster.pid, its Redis's pid file).

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

remembered_port() { [[ -f "$DATA_DIR/ports" ]] && sed -n "s/^$1=//p" "$DATA_DIR/ports" | tail -1; true; }

remember_port() {
  local file="$DATA_DIR/ports"
  { grep -v "^$1=" "$file" 2>/dev/null || true; echo "$1=$2"; } >"$file.tmp" && mv "$file.tmp" "$file"
}

# The port for this folder's server $1 (pg or redis) when none of its own is running; $2 is the
# SHEAF_*_PORT the caller gave, if any. A given port held by another program is an error.
choose_port() {
  local name=$1 given=$2 port
  if [[ -n "$given" ]]; then
    port_in_use "$given" && die "Port $given (SHEAF_${name^^}_PORT) is taken by another program: choose another, or unset it and a free one is chosen for $DATA_DIR"
    echo "$given"
    return
  fi
  port=$(remembered_port "$name")
  if [[ -z "$port" ]]; then
    local hash offset=0
    hash=$(printf '%s' "$DATA_DIR" | cksum | cut -d' ' -f1)
    [[ $name == redis ]] && offset=1
    port=$((20000 + hash % 2000 * 10 + offset))
  fi
  local tries=0
  while port_in_use "$port"; do
    ((++tries > 200)) && die "No free port for $name near $port"
    port=$((port + 10 > 40000 ? 20000 + port % 10 : port + 10))
  done
  echo "$port"
}

# The last lines of a server's log, after the failure they explain.
die_with_log() {
  printf '\033[1;31m[sheaf]\033[0m %s\n' "$1" >&2
  [[ -f "$2" ]] && tail -n 8 "$2" | sed 's/^/    /' >&2
  exit 1
}

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

# Starts this DATA_DIR's PostgreSQL on loopback (cluster under $DATA_DIR/postgres) unless DATABASE_URL
# names another server. Sets PG_PORT, and STARTED_PG=1 when this call started it.
start_postgres() {
  STARTED_PG=0
  [[ -n "${DATABASE_URL:-}" && "${SHEAF_LOCAL_DB:-}" != 1 ]] && return 0
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
  export SHEAF_PG_DIR="$dir"
  if [[ -f "$dir/PG_VERSION" ]] && as_pg "$PG_BIN/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    # Already running (an earlier run left it): its port is in its postmaster.pid.
    PG_PORT=$(sed -n 4p "$dir/postmaster.pid")
    [[ -n "${SHEAF_PG_PORT:-}" && "$SHEAF_PG_PORT" != "$PG_PORT" ]] &&
      die "The PostgreSQL of $DATA_DIR already runs on port $PG_PORT, not SHEAF_PG_PORT=$SHEAF_PG_PORT: stop it ($PG_BIN/pg_ctl -D $dir stop) or use its port"
  else
    PG_PORT=$(choose_port pg "${SHEAF_PG_PORT:-}")
    if [[ ! -f "$dir/PG_VERSION" ]]; then
      log "Creating a PostgreSQL cluster in $dir"
      as_pg "$PG_BIN/initdb" -D "$dir" -U sheaf -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    # Ours from the moment we ask: a Ctrl-C during the start must still stop the server.
    STARTED_PG=1
    as_pg "$PG_BIN/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $dir -c max_connections=200" start >/dev/null ||
      die_with_log "PostgreSQL did not start on port $PG_PORT; the end of its log ($dir/server.log):" "$dir/server.log"
  fi
  remember_port pg "$PG_PORT"
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

# Starts this DATA_DIR's Redis on loopback (under $DATA_DIR/redis) unless REDIS_URL names another
# server. Sets REDIS_PORT and REDIS_URL, and STARTED_REDIS=1 when this call started it.
start_redis() {
  STARTED_REDIS=0
  if [[ -n "${REDIS_URL:-}" && "${SHEAF_LOCAL_REDIS:-}" != 1 ]]; then return 0; fi
  local dir="$DATA_DIR/redis" pid
  mkdir -p "$dir"
  pid=$(cat "$dir/redis.pid" 2>/dev/null || true)
  if [[ -n "$pid" ]] && grep -q '^redis-server' "/proc/$pid/cmdline" 2>/dev/null; then
    # Already running (an earlier run left it): its command line holds its address.
    REDIS_PORT=$(tr '\0' ' ' <"/proc/$pid/cmdline" | sed -nE 's/.*:([0-9]+).*/\1/p')
    [[ -n "${SHEAF_REDIS_PORT:-}" && "$SHEAF_REDIS_PORT" != "$REDIS_PORT" ]] &&
      die "The Redis of $DATA_DIR already runs on port $REDIS_PORT, not SHEAF_REDIS_PORT=$SHEAF_REDIS_PORT: stop it (redis-cli -p $REDIS_PORT shutdown) or use its port"
  else
    REDIS_PORT=$(choose_port redis "${SHEAF_REDIS_PORT:-}")
    STARTED_REDIS=1
    rm -f "$dir/redis.pid"
    # noeviction: BullMQ must never lose a job to memory pressure; appendonly keeps jobs across restarts.
    redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$dir" --daemonize yes \
      --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --appendonly yes --save '' \
      --maxmemory-policy noeviction >/dev/null || die_with_log "Redis did not start on port $REDIS_PORT; the end of its log:" "$dir/redis.log"
    local up=0
    for _ in $(seq 50); do
      redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && { up=1; break; }
      sleep 0.1
    done
    ((up)) || die_with_log "Redis did not answer on port $REDIS_PORT; the end of its log ($dir/redis.log):" "$dir/redis.log"
  fi
  remember_port redis "$REDIS_PORT"
  export REDIS_URL="redis://127.0.0.1:$REDIS_PORT" SHEAF_LOCAL_REDIS=1
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
