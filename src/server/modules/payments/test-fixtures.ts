import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { type FakePaystack, startFakePaystack } from '../../../../scripts/fake-paystack.ts';
import { type SignedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The payments tests' bench: one app listening on loopback (webhooks are real HTTP) and fake Paystacks, each
// with its own secret key, whose signed events go to the business last set up with it.

export type PaystackBench = {
  readonly t: TestApp;
  /** The fakes, in the order of the keys given. */
  readonly fakes: readonly FakePaystack[];
  /** The body of PUT /api/v1/payments/settings choosing Paystack through `fake`. */
  settings(fake: FakePaystack, overrides?: object): Record<string, unknown>;
  /** Saves the owner's payment settings (Paystack through `fake` unless overridden). */
  putSettings(owner: SignedInMember, fake: FakePaystack, overrides?: object): Promise<void>;
  /** A new shop whose owner chose Paystack through `fake`; the fake's webhooks now go to it. */
  paystackShop(fake: FakePaystack): Promise<SignedInMember>;
};

export function paystackTestBench(keys: readonly string[]): PaystackBench {
  let t: TestApp | undefined;
  let appUrl = '';
  const fakes: FakePaystack[] = [];
  const keyOf = new Map<FakePaystack, string>();
  const webhookFor = new Map<FakePaystack, string>();

  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_PROVIDER_TIMEOUT_MS: '400', LOG_LEVEL: 'error' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const key of keys) {
      const fake: FakePaystack = await startFakePaystack({
        secretKey: key,
        webhookUrl: () => webhookFor.get(fake) ?? null,
      });
      keyOf.set(fake, key);
      fakes.push(fake);
    }
  });
  afterAll(async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
    await t?.close();
  });

  const bench: PaystackBench = {
    get t() {
      if (!t) throw new Error('The payments bench starts in beforeAll');
      return t;
    },
    fakes,
    settings: (fake, overrides = {}) => ({
      provider: 'paystack',
      mode: 'test',
      paystack_secret_key: keyOf.get(fake),
      paystack_base_url: fake.url,
      paystack_terminal_id: null,
      network_codes: { mtn_momo: 'MTN', telecel_cash: 'VOD', airteltigo_money: 'ATL' },
      momo_merchant_number: null,
      momo_merchant_name: null,
      ...overrides,
    }),
    async putSettings(owner, fake, overrides = {}) {
      const response = await bench.t.app.inject({
        method: 'PUT',
        url: '/api/v1/payments/settings',
        headers: owner.headers,
        payload: bench.settings(fake, overrides),
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    async paystackShop(fake) {
      const owner = await signedInShop(bench.t, 'owner');
      await bench.putSettings(owner, fake);
      webhookFor.set(fake, `${appUrl}/api/v1/payments/webhooks/paystack/${owner.businessId}`);
      return owner;
    },
  };
  return bench;
}
