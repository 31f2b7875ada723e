# Points Tracker: one image for both process roles.
#   API (default):  npm run start:api
#   projections:    npm run start:projections   (override the command)
# The build stage compiles the server (tools/build/server.js: esbuild bundles services/api's entry
# points with the workspaces' sources into services/api/dist/server) and the web app (Vite); the
# runtime stage holds only that JavaScript, the web app's static files and production dependencies:
# no TypeScript sources, no tsx, no build tools.
#
# Containers must not use the embedded PostgreSQL: always set DATABASE_URL (docker-compose.yml does).
# Build: docker build -t points-tracker .

# Node 24, the current LTS (Node 20's life ended on 2026-04-30); .ci/run tests this line and 20.
ARG NODE_IMAGE=node:24.21-bookworm-slim

# ---- manifests: only what `npm ci` needs, so the install layers stay cached until dependencies change
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/domain/package.json services/domain/
COPY services/eventstore/package.json services/eventstore/
COPY projections/package.json projections/
COPY services/api/package.json services/api/
COPY tools/bench/package.json tools/bench/
COPY web/package.json web/

# ---- build: full install (esbuild and Vite are dev dependencies), then web/dist and the server
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
# services/api/dist/server is a symlink to the build's directory (tools/build/server.js): copied
# through it, the runtime stage gets a plain directory.
RUN npm run build && test -f web/dist/index.html && cp -rL services/api/dist/server /server

# ---- prod-deps: a fresh install without dev dependencies (no tsx, esbuild, vitest, eslint, typescript, vite)
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# npm_config_script_shell: npm runs scripts through `sh -c`, and Debian's sh (dash) keeps itself
# between npm and node, so the SIGTERM npm forwards on `docker stop` never reaches node (no graceful
# shutdown; node is SIGKILLed after the grace period). bash execs the single command instead, making
# node npm's direct child.
# npm_config_ignore_scripts: `npm run start:*` skips its pre-script, which builds the server when its
# sources changed (for `npm start` on a checkout); here there are no sources and no esbuild, only the
# build made in the build stage.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/.data \
    npm_config_script_shell=/bin/bash \
    npm_config_ignore_scripts=true \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

# Production dependencies and the manifests (`npm run` reads the root one's scripts), then the
# compiled server and the built web app, where the server looks for it (../../../../web/dist from its
# own directory, as from its sources). The links in node_modules/@tracker point at folders holding
# only a package.json: the bundle imports no workspace at run time. Code stays root-owned and
# read-only for the app user; only DATA_DIR (the mail drop when SMTP_URL is unset) is writable.
COPY --from=prod-deps /app ./
COPY --from=build /server ./services/api/dist/server
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"

USER node
EXPOSE 3000

# Liveness only (the API role). The projections role serves no HTTP: compose disables this check there.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["npm", "run", "start:api"]
