import { and, asc, count, eq, gt, lte, ne } from 'drizzle-orm';
import { hasPermissions } from '#domain/permissions.ts';
import type { NotificationItem } from '#domain/schemas/notifications.ts';
import { products, sessions, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { StaffActor } from '../../http/access.ts';
import type { AppDeps } from '../../http/types.ts';

const LOW_STOCK_SHOWN = 3;
const PIN_WARNING_MS = 24 * 60 * 60_000;

/**
 * What the top bar's bell lists for this person: products running out (for those who manage products), their
 * own PIN about to expire, and their sessions on other devices.
 */
export async function listNotifications(deps: AppDeps, actor: StaffActor): Promise<NotificationItem[]> {
  const now = deps.now();
  const businessId = actor.business.id;
  const items: NotificationItem[] = [];

  if (hasPermissions(actor.permissions, ['manage_products'])) {
    const isLow = and(
      eq(products.businessId, businessId),
      eq(products.isActive, true),
      lte(products.stockQuantity, products.minStockLevel),
    );
    const [low, [total]] = await withTenant(deps.database.db, businessId, (tx) =>
      Promise.all([
        tx
          .select({ id: products.id, name: products.name, stock: products.stockQuantity })
          .from(products)
          .where(isLow)
          .orderBy(asc(products.stockQuantity), asc(products.name))
          .limit(LOW_STOCK_SHOWN),
        tx.select({ n: count() }).from(products).where(isLow),
      ]),
    );
    for (const product of low) {
      items.push({
        id: `low_stock:${product.id}`,
        kind: 'low_stock',
        title: product.stock === 0 ? `${product.name} is out of stock` : `${product.name} is low on stock`,
        detail: `${product.stock} left`,
        href: `/app/products?search=${encodeURIComponent(product.name)}`,
      });
    }
    const more = (total?.n ?? 0) - low.length;
    if (more > 0) {
      items.push({
        id: 'low_stock:more',
        kind: 'low_stock',
        title: `+${more} more ${more === 1 ? 'product needs' : 'products need'} restocking`,
        detail: 'See all low-stock products',
        href: '/app/products?low_stock=true',
      });
    }
  }

  const [me] = await withTenant(deps.database.db, businessId, (tx) =>
    tx
      .select({ pinExpiresAt: users.pinExpiresAt, pinHash: users.pinHash })
      .from(users)
      .where(and(eq(users.id, actor.user.id), eq(users.businessId, businessId))),
  );
  if (
    me?.pinHash &&
    me.pinExpiresAt &&
    me.pinExpiresAt > now &&
    me.pinExpiresAt.getTime() - now.getTime() < PIN_WARNING_MS
  ) {
    items.push({
      id: 'pin_expiring',
      kind: 'pin_expiring',
      title: 'Your PIN expires soon',
      detail: `It stops working on ${formatInZone(me.pinExpiresAt, actor.business.timezone)}. Ask your manager for a new one.`,
      href: null,
    });
  }

  const [others] = await deps.database.db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(eq(sessions.userId, actor.user.id), ne(sessions.id, actor.sessionId), gt(sessions.expiresAt, now)),
    );
  if ((others?.n ?? 0) > 0) {
    const n = others!.n;
    items.push({
      id: 'other_sessions',
      kind: 'other_sessions',
      title: `Signed in on ${n} other ${n === 1 ? 'device' : 'devices'}`,
      detail: 'Review your sessions or sign out everywhere.',
      href: '/app/profile',
    });
  }
  return items;
}

function formatInZone(date: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
      date,
    );
  } catch {
    return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
}
