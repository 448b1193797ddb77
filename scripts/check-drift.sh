#!/usr/bin/env bash
# Fails when prisma/schema.prisma and the committed migrations disagree. Prisma's JavaScript schema
# engine cannot diff against a live database, so both are applied to scratch databases and compared.
source "$(dirname "$0")/lib.sh"
: "${DATABASE_URL:?run after use_database}"
PG_PORT=$(sed -nE 's#^postgres(ql)?://[^/]*:([0-9]+)/.*#\2#p' <<<"$DATABASE_URL")

psql_db() { PGOPTIONS="-c client_min_messages=warning" "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U sheaf -v ON_ERROR_STOP=1 -q "$@"; }
dump() { "$PG_BIN/pg_dump" -h 127.0.0.1 -p "$PG_PORT" -U sheaf --schema-only --no-owner --exclude-table=_prisma_migrations "$1" | grep -Ev '^(--|SET |\\(un)?restrict)' | sed '/^$/d'; }

for db in sheaf_drift_schema sheaf_drift_migrations; do
  psql_db -d postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >/dev/null
done
npx prisma migrate diff --config prisma/prisma.config.ts --from-empty --to-schema-datamodel prisma/schema.prisma --script 2>/dev/null |
  psql_db -d sheaf_drift_schema >/dev/null
for f in prisma/migrations/*/migration.sql; do psql_db -d sheaf_drift_migrations -f "$f" >/dev/null; done
if ! diff <(dump sheaf_drift_schema) <(dump sheaf_drift_migrations) >/dev/null; then
  diff <(dump sheaf_drift_schema) <(dump sheaf_drift_migrations) | head -40
  die "prisma/schema.prisma and prisma/migrations have drifted: add a migration"
fi
for db in sheaf_drift_schema sheaf_drift_migrations; do psql_db -d postgres -c "DROP DATABASE $db" >/dev/null; done

# The generated OpenAPI document must pass the linter API clients' tools use, warnings included.
npx tsx scripts/lint-openapi.ts >/dev/null || die "the OpenAPI document fails Redocly's recommended rules (npx tsx scripts/lint-openapi.ts)"
