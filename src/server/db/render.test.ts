import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { renderPlain, renderPlainStatementsFast } from './render.ts';
import { products } from './schema/index.ts';

const drizzleOwn = (statement: SQL) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return { sql: text, params };
};

const at = new Date('2026-11-28T10:00:00.000Z');
const inner = sql`select ${'a'}, ${sql.param([1, 2, 3])}::int[]`;

describe('renderPlain', () => {
  it.each([
    ['text alone', sql`select 1`],
    ['values of every plain kind', sql`select ${'text'}, ${42}, ${null}, ${true}, ${at}, ${10n}`],
    [
      'nested statements, numbered in order',
      sql`with a as (${inner}), b as (${inner}) select ${'z'} from a, b`,
    ],
    ['an absent part', sql`select 1${undefined} where ${1} = ${1}`],
    [
      'raw text and joined parts',
      sql`select ${sql.raw('now()')}, ${sql.join([sql`${1}`, sql`${2}`], sql`, `)}`,
    ],
    ['a parameter holding null', sql`select ${sql.param(null)}`],
  ])('renders %s as Drizzle does', (_kind, statement) => {
    expect(renderPlain(statement)).toEqual(drizzleOwn(statement));
  });

  it.each([
    ['a table or column', sql`select ${products.id} from ${products} where ${eq(products.id, 'x')}`],
    ['a placeholder', sql`select ${sql.placeholder('id')}`],
    ['inlined parameters', sql`select ${'a'}`.inlineParams()],
    ['a list of values', sql`select 1 where 1 in ${[1, 2]}`],
    ['the query builder', new QueryBuilder().select().from(products).getSQL()],
  ])('leaves %s to Drizzle', (_kind, statement) => {
    expect(renderPlain(statement)).toBeUndefined();
  });

  it('makes a dialect render plain statements itself and the rest as before', () => {
    const dialect = new PgDialect();
    const before = new PgDialect();
    renderPlainStatementsFast(dialect);
    const built = new QueryBuilder().select({ id: products.id }).from(products).where(eq(products.id, 'x'));
    expect(dialect.sqlToQuery(built.getSQL())).toEqual(before.sqlToQuery(built.getSQL()));
    const plain = sql`select ${'a'}, ${inner}`;
    const drizzleWalk = vi.spyOn(plain, 'toQuery');
    expect(dialect.sqlToQuery(plain)).toEqual(drizzleOwn(plain));
    expect(drizzleWalk).toHaveBeenCalledTimes(1); // by drizzleOwn only
    drizzleWalk.mockClear();
    dialect.sqlToQuery(plain);
    expect(drizzleWalk).not.toHaveBeenCalled();
  });
});
