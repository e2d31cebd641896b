import { Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

// Most hot statements (a sale's write, a search) are raw `sql` templates: text, values and nested templates.
// Drizzle's general rendering tries each chunk against a dozen kinds of entity, walking the prototype chain for
// every miss; under a checkout load that was a tenth of the server's CPU. A statement made only of those three
// parts is rendered here in one pass, to the same text and parameters; anything else (a table, a column, a
// name, a placeholder, inlined parameters: the query builder's output) is left to Drizzle.

type Rendered = { sql: string; params: unknown[] };

/** The text and parameters Drizzle would render for `statement`, or undefined when it holds other parts. */
export function renderPlain(statement: SQL): Rendered | undefined {
  const rendered: Rendered = { sql: '', params: [] };
  return appendChunks(statement, rendered) ? rendered : undefined;
}

function appendChunks(statement: SQL, into: Rendered): boolean {
  // Set by `.inlineParams()`, private in Drizzle's types.
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of statement.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      into.sql += chunk.value.length === 1 ? chunk.value[0] : chunk.value.join('');
    } else if (chunk instanceof SQL) {
      if (!appendChunks(chunk, into)) return false;
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return false;
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) {
        if (!appendChunks(value, into)) return false;
      } else appendParam(value, into);
    } else if (chunk === undefined) {
      // Drizzle renders an absent part as nothing.
    } else if (isPlainValue(chunk)) {
      appendParam(chunk, into);
    } else {
      return false;
    }
  }
  return true;
}

function appendParam(value: unknown, into: Rendered): void {
  into.params.push(value);
  into.sql += `$${into.params.length}`;
}

/** A value Drizzle sends as a parameter as it is (an object may be an entity, and arrays render as lists). */
function isPlainValue(value: unknown): boolean {
  return (
    value === null || (typeof value !== 'object' && typeof value !== 'function') || value instanceof Date
  );
}

/**
 * Makes `dialect` render plain statements in one pass (renderPlain), leaving the rest to its own rendering.
 * Every database and transaction made with the dialect shares it.
 */
export function renderPlainStatementsFast(dialect: PgDialect): void {
  const general = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (statement, invokeSource) =>
    (invokeSource === undefined && renderPlain(statement)) || general(statement, invokeSource);
}
