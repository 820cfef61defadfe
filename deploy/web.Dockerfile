# nlq web app served on its own by nginx; /api and /ws are proxied to the api service (same origin, spec 1.10).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
ENV SCARF_ANALYTICS=false
RUN npm install --no-audit --no-fund --ignore-scripts && npm run build:web

FROM nginx:1.27-alpine
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 80
