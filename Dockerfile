# Quayside in a container: `docker build -t quayside .` then
# `docker run -p 3000:3000 -v quayside-data:/data quayside` (embedded PostgreSQL in the volume),
# or `docker compose up` (PostgreSQL beside it; compose.yaml). e2e/container-recipe.e2e.test.ts
# runs this file's build and start steps on a clean copy of the repository, as the image would.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first: this layer is reused until a package.json or the lockfile changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/openapi-tools/package.json packages/openapi-tools/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.mjs"]
