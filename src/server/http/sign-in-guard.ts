import { AppError } from './errors.ts';
import {
  consumeRateLimit,
  consumeRateLimits,
  countRateLimit,
  RATE_LIMITED,
  readRateLimit,
  refundRateLimit,
  resetRateLimit,
} from './rate-limit.ts';
import type { AppDeps } from './types.ts';

type GuardDeps = Pick<AppDeps, 'database' | 'now'>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Password sign-in limits that stop guessing without letting a stranger lock a person out
 * (docs/decisions.md, "Sign-in limits"):
 * - per address: 30 attempts in 15 minutes, whatever the account (a shop's staff share one address);
 * - per account and address: 5 failures in 15 minutes, then that address is refused for that account
 *   only — the account holder elsewhere signs in as before;
 * - per account: once failures came from 5 different addresses in 15 minutes (guessing spread over many
 *   machines), the account is refused from every address except those it signed in from successfully in
 *   the last 30 days.
 * A person who is refused can always reset the password by mail, which signs them in.
 */
export const SIGN_IN_LIMITS = {
  perIp: 30,
  perAccountAndIp: 5,
  failingAddressesPerAccount: 5,
  windowMs: 15 * MINUTE,
  knownAddressMs: 30 * DAY,
  noticeEveryMs: 60 * MINUTE,
};

export type SignInGuard = {
  /** A wrong password (or unknown account): counts it; says whether a notice should go to the account holder. */
  failed(): Promise<{ shouldNotify: boolean }>;
  /** The password was right: forgets this address's failures and remembers the address as the holder's. */
  succeeded(): Promise<void>;
};

/**
 * Counts a sign-in attempt of `account` (e.g. '<businessId>:<email>') from `address` under `scope`
 * ('signin', 'admin-signin'); throws RATE_LIMITED (429) when this attempt may not even be checked.
 */
export async function guardSignIn(
  deps: GuardDeps,
  scope: string,
  account: string,
  address: string,
): Promise<SignInGuard> {
  const { windowMs } = SIGN_IN_LIMITS;
  const ipKey = `${scope}:ip:${address}`;
  const pairKey = `${scope}:pair:${account}:${address}`;
  const accountKey = `${scope}:account:${account}`;
  const knownKey = `${scope}:known:${account}:${address}`;

  await consumeRateLimits(deps, [
    { key: ipKey, limit: SIGN_IN_LIMITS.perIp, windowMs },
    { key: pairKey, limit: SIGN_IN_LIMITS.perAccountAndIp, windowMs },
  ]);
  const spread = await readRateLimit(deps, accountKey);
  if (spread && spread.hits >= SIGN_IN_LIMITS.failingAddressesPerAccount) {
    const isKnownAddress = (await readRateLimit(deps, knownKey)) !== null;
    if (!isKnownAddress) throw RATE_LIMITED(spread.windowEndsAt.getTime() - deps.now().getTime());
  }

  return {
    async failed() {
      const pair = await readRateLimit(deps, pairKey);
      const failuresHere = pair?.hits ?? 1;
      let failingAddresses = spread?.hits ?? 0;
      // The first failure of this address in its window adds the address to the account's spread.
      if (failuresHere === 1) {
        failingAddresses = await countRateLimit(deps, {
          key: accountKey,
          limit: Number.MAX_SAFE_INTEGER,
          windowMs,
        });
      }
      const isNewlyLocked =
        failuresHere === SIGN_IN_LIMITS.perAccountAndIp ||
        (failuresHere === 1 && failingAddresses === SIGN_IN_LIMITS.failingAddressesPerAccount);
      if (!isNewlyLocked) return { shouldNotify: false };
      // At most one notice an hour per account, however many addresses take part.
      try {
        await consumeRateLimit(deps, {
          key: `${scope}:notice:${account}`,
          limit: 1,
          windowMs: SIGN_IN_LIMITS.noticeEveryMs,
        });
        return { shouldNotify: true };
      } catch (error) {
        if (error instanceof AppError && error.code === 'RATE_LIMITED') return { shouldNotify: false };
        throw error;
      }
    },
    async succeeded() {
      await resetRateLimit(deps, pairKey);
      await refundRateLimit(deps, ipKey);
      await resetRateLimit(deps, knownKey);
      await consumeRateLimit(deps, {
        key: knownKey,
        limit: Number.MAX_SAFE_INTEGER,
        windowMs: SIGN_IN_LIMITS.knownAddressMs,
      });
    },
  };
}
