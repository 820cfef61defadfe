# nlq api image, built from the api's Nx build output (issue 9): `docker build -f deploy/api.Dockerfile -t nlq-api .`
# Stage 1 bundles apps/api and the workspace libraries into dist/apps/api/main.js (npx nx build api) and generates a
# package.json and lockfile holding only the api's production dependencies; stage 2 installs exactly those (no
# React, Vite or charting library); stage 3 runs `node main.js` as an unprivileged user.
FROM node:20-bookworm AS build
WORKDIR /repo
ENV SCARF_ANALYTICS=false NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
RUN npm install --no-audit --no-fund && npx nx build api

FROM node:20-bookworm AS deps
WORKDIR /app
COPY --from=build /repo/dist/apps/api/package.json /repo/dist/apps/api/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=8000 HOST=0.0.0.0
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /repo/dist/apps/api/ ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:8000/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "main.js"]
