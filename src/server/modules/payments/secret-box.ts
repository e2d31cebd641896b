import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

// A business's provider secret key is kept only encrypted: AES-256-GCM under a server key, with the business id
// as additional data, so a ciphertext copied to another business's row does not open. The server key is
// PAYMENTS_SECRET, or one generated on first use and kept in the database (like the PIN key).

const STORED_NAME = 'payments_key';
const cached = new WeakMap<Database, Buffer>();

export async function loadPaymentsKey(database: Database, configured: string | undefined): Promise<Buffer> {
  const known = cached.get(database);
  if (known) return known;
  let secret = configured;
  if (!secret) {
    await database.db
      .insert(appSecrets)
      .values({ name: STORED_NAME, value: randomBytes(32).toString('hex') })
      .onConflictDoNothing({ target: appSecrets.name });
    const [row] = await database.db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, STORED_NAME));
    secret = row!.value;
  }
  // Any text of 32+ characters becomes a 256-bit key.
  const key = createHash('sha256').update(secret).digest();
  cached.set(database, key);
  return key;
}

export function encryptSecret(key: Buffer, businessId: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(businessId));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(
    ':',
  );
}

/** The plaintext, or null when the ciphertext does not open under this key and business (key changed). */
export function decryptSecret(key: Buffer, businessId: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(businessId));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
