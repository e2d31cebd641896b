import { eq, type SQL, sql } from 'drizzle-orm';
import { alias, PgDialect, pgSchema, QueryBuilder, text } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { renderPlain, renderPlainStatementsFast } from './render.ts';
import { products, shifts } from './schema/index.ts';

const dialect = new PgDialect();
const drizzleOwn = (statement: SQL) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return { sql: text, params };
};

const elsewhere = pgSchema('elsewhere').table('things', { id: text('id') });
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
    ['tables, columns and names', sql`select ${products.id}, ${sql.identifier('a"b')} from ${products}`],
    [
      'a value for a column',
      sql`select 1 from ${shifts} where ${eq(shifts.closedAt, at)} and ${eq(shifts.id, 'x')}`,
    ],
    ['an aliased table', sql`select ${alias(products, 'p').name} from ${alias(products, 'p')}`],
    ['a table in a schema of its own', sql`select ${elsewhere.id} from ${elsewhere}`],
    ['a column twice', sql`select ${products.name}, ${products.name} from ${products}`],
  ])('renders %s as Drizzle does', (_kind, statement) => {
    expect(renderPlain(statement, dialect)).toEqual(drizzleOwn(statement));
  });

  it.each([
    ['a placeholder', sql`select ${sql.placeholder('id')}`],
    ['inlined parameters', sql`select ${'a'}`.inlineParams()],
    ['a list of values', sql`select 1 where 1 in ${[1, 2]}`],
    ['an aliased field', sql`select ${sql`1`.as('one')} from ${products}`],
  ])('leaves %s to Drizzle', (_kind, statement) => {
    expect(renderPlain(statement, dialect)).toBeUndefined();
  });

  it('makes a dialect render plain statements itself, to the text and values it rendered before', () => {
    const fast = new PgDialect();
    renderPlainStatementsFast(fast);
    const builder = new QueryBuilder();
    const p = alias(products, 'p');
    const built = [
      builder.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, 'x')),
      builder.select().from(shifts).where(eq(shifts.closedAt, at)).limit(5),
      builder
        .select({ name: p.name, price: sql<number>`${p.price} * 2` })
        .from(p)
        .orderBy(p.name),
      builder.select({ count: sql<number>`count(*)`.as('n') }).from(products),
    ];
    for (const query of built) {
      const { sql: text, params } = fast.sqlToQuery(query.getSQL());
      expect({ sql: text, params }).toEqual(drizzleOwn(query.getSQL()));
    }
    const plain = sql`select ${'a'}, ${inner}`;
    const drizzleWalk = vi.spyOn(plain, 'toQuery');
    expect(fast.sqlToQuery(plain)).toEqual(drizzleOwn(plain));
    expect(drizzleWalk).toHaveBeenCalledTimes(1); // by drizzleOwn only
  });
});
