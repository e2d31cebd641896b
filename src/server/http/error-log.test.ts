import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { registerErrorHandling } from './errors.ts';

const PERSONAL = 'ama.owusu@example.com';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the error log', () => {
  it('records a failed query without its parameters or the values the database quotes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'error', stream } });
    registerErrorHandling(app);
    app.get('/fails', async () => {
      // A real database failure whose parameter is a customer's email.
      await database.db.execute(sql`select ${PERSONAL}::int as n`);
      return { ok: true };
    });
    try {
      const response = await app.inject({ url: '/fails' });
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('INTERNAL_ERROR');
      expect(response.body).not.toContain(PERSONAL);

      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
      expect(logged).toBeDefined();
      expect(logged.level).toBe(50);
      expect(JSON.stringify(logged)).not.toContain(PERSONAL);
      expect(JSON.stringify(logged)).not.toContain('ama.owusu');
      // What is needed to find the fault stays: the query text and the database's error code.
      expect(logged.err.message).toMatch(/^Failed query: select \$1::int as n/);
      expect(logged.err.code).toBe('22P02');
    } finally {
      await app.close();
    }
  });
});
