import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

// Most hot statements (a sale's write, a search) are `sql` templates: text, values, tables, columns and nested
// templates. Drizzle's general rendering tries each chunk against a dozen kinds of entity, walking the
// prototype chain for every miss; under a checkout load that was a tenth of the server's CPU. A statement made
// only of those parts is rendered here in one pass, to the same text and parameters; anything else (a
// placeholder, a subquery or view object, an aliased field, inlined parameters) is left to Drizzle.

type Rendered = { sql: string; params: unknown[] };
type Names = Pick<PgDialect, 'escapeName'> & { casing: { getColumnCasing(column: Column): string } };

/** The text and parameters Drizzle would render for `statement`, or undefined when it holds other parts. */
export function renderPlain(statement: SQL, dialect: PgDialect): Rendered | undefined {
  const rendered: Rendered = { sql: '', params: [] };
  return appendChunks(statement, rendered, dialect as unknown as Names) ? rendered : undefined;
}

function appendChunks(statement: SQL, into: Rendered, names: Names): boolean {
  // Set by `.inlineParams()`, private in Drizzle's types.
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of statement.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      into.sql += chunk.value.length === 1 ? chunk.value[0] : chunk.value.join('');
    } else if (chunk instanceof SQL) {
      if (!appendChunks(chunk, into, names)) return false;
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return false;
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) {
        if (!appendChunks(value, into, names)) return false;
      } else appendParam(value, into);
    } else if (chunk instanceof Column) {
      into.sql += columnText(chunk, names);
    } else if (chunk instanceof Table) {
      into.sql += tableText(chunk, names);
    } else if (chunk instanceof Name) {
      into.sql += names.escapeName(chunk.value);
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

/** A value Drizzle sends as a parameter as it is (another object may be an entity; arrays render as lists). */
function isPlainValue(value: unknown): boolean {
  return (
    value === null || (typeof value !== 'object' && typeof value !== 'function') || value instanceof Date
  );
}

// A table's or column's text never changes for a dialect; rendered once each, as Drizzle renders them.
const textsByDialect = new WeakMap<Names, WeakMap<object, string>>();

function textOf(entity: Table | Column, names: Names, render: () => string): string {
  let texts = textsByDialect.get(names);
  if (!texts) {
    texts = new WeakMap();
    textsByDialect.set(names, texts);
  }
  let text = texts.get(entity);
  if (text === undefined) {
    text = render();
    texts.set(entity, text);
  }
  return text;
}

const tableText = (table: Table, names: Names) => textOf(table, names, () => qualified(table, names));

const columnText = (column: Column, names: Names) =>
  textOf(
    column,
    names,
    () => `${qualified(column.table, names)}.${names.escapeName(names.casing.getColumnCasing(column))}`,
  );

/** The keys under which a table keeps its name, schema and whether it is an alias (internal in Drizzle's types). */
const TABLE = (Table as unknown as { Symbol: { Name: symbol; Schema: symbol; IsAlias: symbol } }).Symbol;

function qualified(table: Table, names: Names): string {
  const record = table as unknown as Record<symbol, string | boolean | undefined>;
  const name = names.escapeName(record[TABLE.Name] as string);
  const schema = record[TABLE.Schema] as string | undefined;
  return schema === undefined || record[TABLE.IsAlias] ? name : `${names.escapeName(schema)}.${name}`;
}

/**
 * Makes `dialect` render plain statements in one pass (renderPlain), leaving the rest to its own rendering.
 * Every database and transaction made with the dialect shares it.
 */
export function renderPlainStatementsFast(dialect: PgDialect): void {
  const general = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (statement, invokeSource) =>
    (invokeSource === undefined && renderPlain(statement, dialect)) || general(statement, invokeSource);
}
