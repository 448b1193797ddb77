# One image for the api and the worker (the worker needs the engines; the api serves the web build).
# PostgreSQL and Redis run as their own services (docker-compose.yml). Two stages: the build has
# every dependency and compiles; the image that runs has the production dependencies and the output.

# Build: the web app (web/build) and the compiled server (dist/), with the dev dependencies that
# make them (React Router's build, esbuild, tsx).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Run: the engines' system packages, `npm install --omit=dev` (no TypeScript loader, no test or
# audit tools), the compiled output, and the sources' other files that the code reads at run time
# (LibreOffice's bridge, the fonts, the form blanks, the Prisma schema and migrations).
FROM node:20-bookworm-slim
COPY scripts/system-packages.txt /tmp/system-packages.txt
# The slim image has no man pages folder, where the Java runtime's set-up links its own.
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && apt-get install -y --no-install-recommends curl $(grep -Ev '^(#|$|postgresql|redis-server)' /tmp/system-packages.txt) \
 && rm -rf /var/lib/apt/lists/* /tmp/system-packages.txt
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY . .
# generate reads the schema, whose url must be set, but never connects.
RUN DATABASE_URL=postgresql://build/unused npx prisma generate --config prisma/prisma.config.ts
COPY --from=build /app/dist dist
COPY --from=build /app/web/build web/build
# Not root: the code is read-only to it, files go to /data (a volume), and LibreOffice, Chromium and
# Calibre keep their profiles in its home.
RUN useradd --create-home --uid 10001 sheaf && mkdir -p /data && chown sheaf:sheaf /data
USER sheaf
ENV NODE_ENV=production DATA_DIR=/data
VOLUME /data
EXPOSE 3000
# The api answers 200 while PostgreSQL and Redis do (503 otherwise). A worker container serves no
# api: compose turns this check off for it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD curl -fs "http://localhost:${PORT:-3000}/api/health" >/dev/null || exit 1
# The api; the workers run `node dist/worker/src/main.js`, the migrations `node_modules/.bin/prisma
# migrate deploy --config prisma/prisma.config.ts && node dist/prisma/seed.js` (docker-compose.yml).
CMD ["node", "dist/api/src/main.js"]
