import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream.ts';
import { formatEvent, openStream } from './stream.ts';

const app = Fastify();
let url: string;

beforeAll(async () => {
  app.get('/stream', (request, reply) => {
    reply.header('x-frame-options', 'DENY');
    const stream = openStream(request, reply, 20);
    stream.write({
      id: '7',
      type: 'display.ready',
      scope: 'till:6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
      data: { pairing_id: null },
      created_at: '2026-11-23T10:00:00.000Z',
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

it('streams events with their id, asks for a reconnect delay, and sends a heartbeat comment', async () => {
  const stream = await openEventStream(url, '/stream', {});
  const event = await stream.next();
  expect(event).toMatchObject({ id: '7', type: 'display.ready', data: { pairing_id: null } });
  expect(stream.retry).toBe(3000);
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(stream.comments.filter((comment) => comment === 'heartbeat').length).toBeGreaterThanOrEqual(2);
  stream.close();
});

it('writes one event as an SSE frame: id line, one data line of JSON, blank line', () => {
  const frame = formatEvent({
    id: '12',
    type: 'display.unpaired',
    scope: 'business',
    data: { pairing_id: '6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f' },
    created_at: 'x',
  });
  expect(frame).toBe(
    'id: 12\ndata: {"id":"12","type":"display.unpaired","scope":"business","data":{"pairing_id":"6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f"},"created_at":"x"}\n\n',
  );
});
