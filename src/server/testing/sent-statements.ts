import pg from 'pg';
import { onTestFinished, vi } from 'vitest';

/**
 * Every statement the pool's connections send during the rest of the current test, as sent: simple queries
 * (name '') and the extended protocol's Parse messages (a prepared statement's name, or ''). The recording
 * stops when the test ends.
 */
export function recordSentStatements(): { name: string; text: string }[] {
  const sent: { name: string; text: string }[] = [];
  const { query, parse } = pg.Connection.prototype;
  const spies = [
    vi.spyOn(pg.Connection.prototype, 'query').mockImplementation(function (
      this: pg.Connection,
      text: string,
    ) {
      sent.push({ name: '', text });
      return query.call(this, text);
    }),
    vi.spyOn(pg.Connection.prototype, 'parse').mockImplementation(function (
      this: pg.Connection,
      ...args: Parameters<pg.Connection['parse']>
    ) {
      sent.push({ name: args[0].name ?? '', text: args[0].text });
      return parse.apply(this, args);
    }),
  ];
  onTestFinished(() => {
    for (const spy of spies) spy.mockRestore();
  });
  return sent;
}
