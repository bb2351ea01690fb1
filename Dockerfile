# syntax=docker/dockerfile:1
# One build, three images: `api` (HTTP), `worker` (queue processors), `web` (both front ends + /api proxy).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/api-client/package.json packages/api-client/
COPY packages/pdf-signing/package.json packages/pdf-signing/
COPY server/package.json server/
COPY admin-web/package.json admin-web/
COPY sign-web/package.json sign-web/
RUN npm ci
COPY tsconfig.json ./
COPY packages/shared packages/shared
COPY packages/api-client packages/api-client
COPY packages/pdf-signing packages/pdf-signing
COPY server server
COPY admin-web admin-web
COPY sign-web sign-web
COPY scripts scripts
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS api
ENV NODE_ENV=production SERVE_WEB=false DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/packages/pdf-signing/package.json packages/pdf-signing/
COPY --from=build /app/packages/pdf-signing/dist packages/pdf-signing/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --retries=3 CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server/dist/main.js"]

FROM api AS worker
HEALTHCHECK NONE
CMD ["node", "server/dist/worker.js"]

FROM nginx:1.27-alpine AS web
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/admin-web/dist /usr/share/nginx/html
COPY --from=build /app/sign-web/dist /usr/share/nginx/html/sign
