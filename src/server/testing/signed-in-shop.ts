import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '#domain/permissions.ts';
import type { businesses, users } from '../db/schema/index.ts';
import { createBusiness, createUser, staffCookie } from './factories.ts';
import { businessHeaders, type TestApp } from './test-app.ts';

type BusinessRow = typeof businesses.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A signed-in member of a shop: the rows, the session cookie and the headers a browser on the shop sends. */
export type SignedInMember = {
  business: BusinessRow;
  user: UserRow;
  businessId: string;
  userId: string;
  cookie: string;
  headers: Record<string, string>;
};

type ShopOptions = {
  business?: Partial<typeof businesses.$inferInsert>;
  user?: Partial<typeof users.$inferInsert> & { password?: string };
};

/** A new business with one signed-in member of `role` (the session is made directly, not through sign-in). */
export async function signedInShop(
  t: Pick<TestApp, 'database'>,
  role: Role = 'owner',
  options: ShopOptions = {},
): Promise<SignedInMember> {
  const business = await createBusiness(t.database.db, options.business);
  return signedInMember(t, business, role, options.user);
}

/** Another signed-in member of an existing business. */
export async function signedInMember(
  t: Pick<TestApp, 'database'>,
  business: BusinessRow,
  role: Role = 'owner',
  user: ShopOptions['user'] = {},
): Promise<SignedInMember> {
  const member = await createUser(t.database.db, business.id, { role, ...user });
  const cookie = await staffCookie(t.database.db, member, business.slug);
  return {
    business,
    user: member,
    businessId: business.id,
    userId: member.id,
    cookie,
    headers: businessHeaders(business.slug, cookie),
  };
}

/** Asserts the one error shape (ARCHITECTURE "Errors"): exact status and code, and the message when given. */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  message?: string,
): { code: string; message: string; fields?: Record<string, string> } {
  const body = response.json() as {
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
  expect({ status: response.statusCode, code: body.error?.code }).toEqual({ status, code });
  if (message !== undefined) expect(body.error?.message).toBe(message);
  return body.error!;
}
