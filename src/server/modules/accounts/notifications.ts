import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import { formatDateTime } from '#domain/dates.ts';
import { hasPermissions } from '#domain/permissions.ts';
import type { NotificationItem } from '#domain/schemas/notifications.ts';
import type { Tx } from '../../db/client.ts';
import { products, sessions, users } from '../../db/schema/index.ts';
import type { UseCaseRequest } from '../use-case.ts';

const LOW_STOCK_SHOWN = 3;
const PIN_WARNING_MS = 24 * 60 * 60_000;

/**
 * What the top bar's bell lists for this person: products running out (for those who manage products), their
 * own PIN about to expire, and their sessions on other devices. Runs with the server's rights (it counts the
 * person's sessions), so every query names the business or the person itself.
 */
export async function listNotifications(
  { businessId, actor, input: { now, timezone } }: UseCaseRequest<{ now: Date; timezone: string }>,
  tx: Tx,
): Promise<NotificationItem[]> {
  const items: NotificationItem[] = [];

  if (hasPermissions(actor.permissions, ['manage_products'])) {
    const isLow = and(
      eq(products.businessId, businessId),
      eq(products.isActive, true),
      eq(products.lowStock, true),
    );
    const low = await tx
      .select({ id: products.id, name: products.name, stock: products.stockQuantity })
      .from(products)
      .where(isLow)
      .orderBy(asc(products.stockQuantity), asc(products.name))
      .limit(LOW_STOCK_SHOWN);
    const [total] = await tx.select({ n: count() }).from(products).where(isLow);
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

  const [me] = await tx
    .select({ pinExpiresAt: users.pinExpiresAt, pinHash: users.pinHash })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.businessId, businessId)));
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
      detail: `It stops working on ${formatDateTime(me.pinExpiresAt, timezone)}. Ask your manager for a new one.`,
      href: null,
    });
  }

  const [others] = await tx
    .select({ n: count() })
    .from(sessions)
    .where(
      and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId), gt(sessions.expiresAt, now)),
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
