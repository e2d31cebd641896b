import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_POS_FEATURES, DEFAULT_THEME_COLORS } from '#domain/business.ts';
import { permissionsOf, type Role } from '#domain/permissions.ts';
import type { Queryable } from '../db/client.ts';
import { businesses, categories, customers, internalAdmins, products, users } from '../db/schema/index.ts';
import { ADMIN_COOKIE, staffCookieName } from '../http/session-cookies.ts';
import { createSession } from '../http/session-records.ts';
import type { Actor } from '../modules/use-case.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

// Cheap argon2 settings: tests hash many passwords and need no real cost.
export const TEST_PASSWORD = 'correct-horse-9';
export const hashTestPassword = (password = TEST_PASSWORD) =>
  hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });

/**
 * A test shop's POS features unless a test says otherwise: those of every shop that existed when receipt
 * printing and mobile money became switchable (migration 0160), so payments and receipts work as before.
 */
export const TEST_SHOP_FEATURES = [...DEFAULT_POS_FEATURES, 'receipt_printing', 'mobile_payments'];

export async function createBusiness(db: Queryable, overrides: Partial<typeof businesses.$inferInsert> = {}) {
  const slug = overrides.slug ?? `shop-${unique()}`;
  const [row] = await db
    .insert(businesses)
    .values({
      name: `Shop ${slug}`,
      slug,
      themeColors: DEFAULT_THEME_COLORS,
      posFeatures: TEST_SHOP_FEATURES,
      isOnboarded: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createUser(
  db: Queryable,
  businessId: string,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role; password?: string } = {},
) {
  const { password, ...rest } = overrides;
  const role = rest.role ?? 'owner';
  const [row] = await db
    .insert(users)
    .values({
      businessId,
      email: `user-${unique()}@example.com`,
      firstName: 'Ama',
      lastName: 'Mensah',
      role,
      permissions: permissionsOf(role),
      passwordHash: await hashTestPassword(password),
      ...rest,
    })
    .returning();
  return row!;
}

/** A staff member as a use case called directly sees them: signed in on a session of their own. */
export function actorOf(user: { id: string; role: Role; firstName: string; lastName: string }): Actor {
  return {
    userId: user.id,
    sessionId: randomUUID(),
    role: user.role,
    permissions: permissionsOf(user.role),
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

export async function createAdmin(
  db: Queryable,
  overrides: Partial<typeof internalAdmins.$inferInsert> & { password?: string } = {},
) {
  const { password, ...rest } = overrides;
  const [row] = await db
    .insert(internalAdmins)
    .values({
      email: `admin-${unique()}@example.com`,
      fullName: 'Kwame Boateng',
      role: 'super_admin',
      passwordHash: await hashTestPassword(password),
      ...rest,
    })
    .returning();
  return row!;
}

const fakeRequest = { ip: '127.0.0.1', headers: { 'user-agent': 'test' } } as unknown as FastifyRequest;
const DAY = 86_400_000;

/** A `Cookie` header for a signed-in staff member, without going through the sign-in route. */
export async function staffCookie(
  db: Queryable,
  user: { id: string; businessId: string },
  slug: string,
): Promise<string> {
  const token = await createSession(
    db,
    fakeRequest,
    { kind: 'user', userId: user.id, businessId: user.businessId, authMethod: 'password' },
    new Date(Date.now() + DAY),
  );
  return `${staffCookieName(slug)}=${token}`;
}

export async function adminCookie(db: Queryable, admin: { id: string }): Promise<string> {
  const token = await createSession(
    db,
    fakeRequest,
    { kind: 'admin', adminId: admin.id },
    new Date(Date.now() + DAY),
  );
  return `${ADMIN_COOKIE}=${token}`;
}

export async function createCategory(
  db: Queryable,
  businessId: string,
  name: string,
  sortOrder = 0,
  isActive = true,
) {
  const [row] = await db.insert(categories).values({ businessId, name, sortOrder, isActive }).returning();
  return row!;
}

export async function createProduct(
  db: Queryable,
  businessId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const [row] = await db
    .insert(products)
    .values({
      businessId,
      name: `Product ${randomUUID().slice(0, 8)}`,
      price: 1000,
      taxRate: '12.50',
      stockQuantity: 50,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCustomer(
  db: Queryable,
  businessId: string,
  overrides: Partial<typeof customers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(customers)
    .values({
      businessId,
      name: 'Ama Owusu',
      phone: '+233 24 000 1111',
      email: 'ama@example.com',
      ...overrides,
    })
    .returning();
  return row!;
}
