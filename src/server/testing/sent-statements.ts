import pg from 'pg';
import { onTestFinished, vi } from 'vitest';

export type SentStatement = {
  /** A prepared statement's name, or '' (simple queries, unnamed statements). */
  name: string;
  text: string;
  /**
   * How many answers (ReadyForQuery) the pool's connections had received when it was sent: within one
   * transaction, statements with the same count were sent without waiting between them.
   */
  answered: number;
};

/** The round trips a transaction's statements took: each wait for an answer before sending starts one. */
export function roundTrips(sent: SentStatement[]): number {
  return new Set(sent.map((statement) => statement.answered)).size;
}

/**
 * Every statement the pool's connections send during the rest of the current test, as sent: simple queries
 * and the extended protocol's Parse messages; `answers()` counts the answers received so far. The recording
 * stops when the test ends.
 */
export function recordSentStatements(): SentStatement[] & { answers(): number } {
  const sent: SentStatement[] = [];
  let answers = 0;
  const { query, parse, emit } = pg.Connection.prototype;
  const spies = [
    vi.spyOn(pg.Connection.prototype, 'query').mockImplementation(function (
      this: pg.Connection,
      text: string,
    ) {
      sent.push({ name: '', text, answered: answers });
      return query.call(this, text);
    }),
    vi.spyOn(pg.Connection.prototype, 'parse').mockImplementation(function (
      this: pg.Connection,
      ...args: Parameters<pg.Connection['parse']>
    ) {
      sent.push({ name: args[0].name ?? '', text: args[0].text, answered: answers });
      return parse.apply(this, args);
    }),
    vi.spyOn(pg.Connection.prototype, 'emit').mockImplementation(function (
      this: pg.Connection,
      event: string | symbol,
      ...args: unknown[]
    ) {
      if (event === 'readyForQuery') answers++;
      return emit.call(this, event, ...args);
    }),
  ];
  onTestFinished(() => {
    for (const spy of spies) spy.mockRestore();
  });
  return Object.defineProperty(sent, 'answers', { value: () => answers }) as SentStatement[] & {
    answers(): number;
  };
}
