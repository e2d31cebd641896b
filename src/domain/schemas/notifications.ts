import { z } from 'zod';

// The bell in the business app's top bar (platform §2 "Top bar"): things that need someone's attention.
export const notificationItem = z.object({
  id: z.string(),
  kind: z.enum(['low_stock', 'pin_expiring', 'other_sessions']),
  title: z.string(),
  detail: z.string(),
  /** A page of the business app that deals with it, e.g. /app/products?low_stock=true. */
  href: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsResponse = z.object({ notifications: z.array(notificationItem) });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
