#!/usr/bin/env bash
# `npm run bench`: the same bootstrap on a database of its own, then the side-by-side benchmarks.
source "$(dirname "$0")/lib.sh"

export NODE_ENV=test
bootstrap
# The native engines the OCR bench compares with.
ensure_system_packages scripts/bench-packages.txt
trap stop_started_services EXIT
use_database sheaf_bench
migrate_and_seed
# Lighthouse measures the production build of the web app.
build_web
export DATA_DIR="$DATA_DIR/bench-run" QUEUE_PREFIX=sheaf-bench
rm -rf "$DATA_DIR" && mkdir -p "$DATA_DIR"
npx tsx bench/run.ts "$@"
