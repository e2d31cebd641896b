import { createHash, randomBytes } from 'node:crypto';

// Opaque session tokens: the browser holds the token, the database only its SHA-256.
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
