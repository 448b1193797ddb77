# `build_server`, for `npm start`: compiles the api and the worker into dist/ when a source is newer
# than the last build (as build_web does for the web app). Source it after lib.sh.

build_server() {
  if [[ ! -f dist/.stamp ]] || [[ -n "$(find api worker shared prisma scripts package.json package-lock.json -newer dist/.stamp -type f -print -quit 2>/dev/null)" ]]; then
    log "Building the server"
    npx tsx scripts/build-server.ts
  fi
}
