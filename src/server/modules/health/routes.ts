import { z } from 'zod';
import { access } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/types.ts';

const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

export async function healthRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { access: access.public },
      schema: { tags: ['health'], response: { 200: healthResponse, 503: healthResponse } },
    },
    async (_request, reply) => {
      const isDatabaseUp = await deps.database.query('select 1').then(
        () => true,
        () => false,
      );
      return reply
        .status(isDatabaseUp ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: isDatabaseUp ? 'ok' : 'degraded', database: isDatabaseUp ? 'up' : 'down' });
    },
  );
}
