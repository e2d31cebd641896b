import { createHmac, timingSafeEqual } from 'node:crypto';

// Paystack signs a webhook with x-paystack-signature: HMAC-SHA512 (hex) of the raw body, keyed with the secret
// key. The sandbox signs its own the same way with its key.

export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** Compares in constant time; a missing or malformed header is simply not valid. */
export function isSignatureValid(secret: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  const given = Buffer.from(header, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
