# Production image: builds the Remix app and serves it with the app's Express server (server/index.mjs,
# docs/decisions/0090-custom-express-server.md). The embedded provider keeps its database in /data (a volume)
# unless DATABASE_URL points at PostgreSQL or PROVIDER_URL at another provider.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# patches/ is applied by the postinstall script (patch-package; docs/decisions/0161).
COPY patches ./patches
RUN npm install --no-audit --no-fund
COPY remix.config.js remix.env.d.ts tsconfig.json ./
COPY app ./app
COPY provider ./provider
COPY locales ./locales
COPY public ./public
COPY assets ./assets
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# MALLOC_ARENA_MAX: glibc keeps freed memory per thread; image decodes on libvips' threads then cost 2-3x one decode
# (decision 0187: eight PNG uploads at once +78 MB without it, +25 MB with 1 in a trial).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    DEPLOYMENT=INR \
    VISIBLE_LOCALES=en \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# The statement and tax-report PDFs' fonts: Chinese and Latin, and the rupee sign (decision 0510).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 app && mkdir -p /data && chown app /data && chmod 700 /data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY server ./server
# The standalone provider (`npm run provider`) and the operator command run from source with tsx.
COPY --from=build /app/provider ./provider
COPY --from=build /app/tsconfig.json ./
USER app
VOLUME ["/data"]
EXPOSE 3000
# SESSION_SECRET must be provided at run time: docker run -e SESSION_SECRET=... -p 3000:3000 IMAGE
# OPERATOR_KEY is optional: without it the first start makes a random key in /data/operator.key (owner-only), which the
# operator command run in the container reads (docker exec CONTAINER npx tsx provider/operator-cli.ts list).
# SIGTERM (docker stop) lets requests in flight finish for up to SHUTDOWN_TIMEOUT_MS (10 s), closes the database and
# exits 0: give `docker stop -t` (or the orchestrator's grace period) a few seconds more than that.
# Behind a reverse proxy, set TRUST_PROXY to the number of proxies (client address from X-Forwarded-For).
CMD ["node", "server/index.mjs"]
