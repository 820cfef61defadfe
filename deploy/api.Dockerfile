# nlq api: NestJS on Fastify, TypeScript loaded with SWC at start (tools/register.js).
FROM node:20-bookworm-slim
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
ENV SCARF_ANALYTICS=false NODE_ENV=production
RUN npm install --no-audit --no-fund && npm run build:web
EXPOSE 8000
CMD ["node", "-r", "./tools/register.js", "apps/api/src/main.ts"]
