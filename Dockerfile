# One image for the api and the worker (the worker needs the engines; the api serves the web build).
# PostgreSQL and Redis run as their own services (docker-compose.yml).
FROM node:20-bookworm-slim
COPY scripts/system-packages.txt /tmp/system-packages.txt
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl $(grep -Ev '^(#|$|postgresql|redis-server)' /tmp/system-packages.txt) \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN DATABASE_URL=postgresql://build/unused npx prisma generate --config prisma/prisma.config.ts \
 && (cd web && npx react-router build)
ENV NODE_ENV=production DATA_DIR=/data
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/src/main.ts"]
