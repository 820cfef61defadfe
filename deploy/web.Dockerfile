# nlq web app image: the static build of apps/web (npx nx build web) served by nginx, which proxies /api and /ws to
# the api service (same origin, spec 1.10). Built and released apart from the api:
# `docker build -f deploy/web.Dockerfile -t nlq-web .`
FROM node:20-bookworm-slim AS build
WORKDIR /repo
ENV SCARF_ANALYTICS=false NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
RUN npm install --no-audit --no-fund --ignore-scripts && npx nx build web

FROM nginx:1.27-alpine
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /repo/dist/apps/web /usr/share/nginx/html
EXPOSE 80
