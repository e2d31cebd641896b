import type { Queryable } from '../db/client.ts';
import { tillDevices } from '../db/schema/index.ts';
import { hashToken, newSessionToken } from '../http/session-token.ts';
import { tillCookieName } from '../modules/accounts/till-devices.ts';

/** A browser trusted as a till of the business: the `Cookie` pair it sends (made directly, not through the API). */
export async function trustedTillCookie(
  db: Queryable,
  business: { id: string; slug: string },
  name = 'Front counter',
): Promise<{ cookie: string; deviceId: string }> {
  const token = newSessionToken();
  const [device] = await db
    .insert(tillDevices)
    .values({ businessId: business.id, tokenHash: hashToken(token), name, trustedByName: 'Test Owner' })
    .returning({ id: tillDevices.id });
  return { cookie: `${tillCookieName(business.slug)}=${token}`, deviceId: device!.id };
}
