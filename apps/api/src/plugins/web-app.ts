import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODE } from '@ledgerport/shared';

/**
 * Serves the built single-page app from the same origin as the API. Unknown non-API GETs get
 * index.html so client-side routes survive a reload; unknown API paths get the JSON 404.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, { distDir }: { distDir: string | undefined }) => {
    const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        // Hashed assets may be cached for good; index.html must always be fresh. `send` would otherwise
        // write its own "public, max-age=0" over ours (@fastify/static applies its headers last).
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          // The body depends on Accept-Encoding, so a shared cache must key on it.
          res.setHeader('vary', 'accept-encoding');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api/');
      // /dev/ held a developer mailbox once (issue 17): a stale bookmark gets a plain 404, not the app.
      const pathname = request.url.split('?')[0]!;
      const isRetired = pathname === '/dev' || pathname.startsWith('/dev/');
      if (hasWebApp && !isApi && !isRetired && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({
        error: { code: ERROR_CODE.notFound, message: 'Not found.', requestId: String(request.id) },
      });
    });
  },
  { name: 'web-app' },
);
