# syntax=docker/dockerfile:1
# Groundfloor Control: build once, run as an unprivileged user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# No compiler needed: the one native addon (@node-rs/argon2) ships prebuilt
# for glibc and musl on x64 and arm64.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY packages/ packages/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
# glibc returns password hashing's 19 MiB buffers to the system instead of
# keeping them per thread (docs/performance.md, "Idle memory").
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/groundfloor
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/apps/server/package.json apps/server/package.json
COPY --from=build --chown=node:node /app/apps/server/dist apps/server/dist
COPY --from=build --chown=node:node /app/packages packages
RUN mkdir -p /var/lib/groundfloor && chown node:node /var/lib/groundfloor
USER node
VOLUME ["/var/lib/groundfloor"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrations run at start too; `node apps/server/dist/cli.js migrate` runs them alone.
# A young generation of 8 MiB a semi-space instead of 16 (docs/performance.md, "Idle memory").
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/main.js"]
