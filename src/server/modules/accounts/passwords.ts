import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum settings (19 MiB, 2 passes): slow for an attacker, quick enough for a till.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Checked against when there is no stored hash (unknown email, PIN-only account), so that the answer takes
// as long as a real check and timing does not tell who has an account.
let decoyHash: Promise<string> | undefined;

/** False for a wrong password, a missing and a malformed stored hash alike, always after a full check. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password, never valid');
  try {
    const isMatch = await verify(storedHash ?? (await decoyHash), password);
    return isMatch && Boolean(storedHash);
  } catch {
    return false;
  }
}
