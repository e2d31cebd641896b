import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Changes to the payment settings go to the audit log; the secret key never does (only its last 4 characters).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await t.close();
});

const FIRST_KEY = 'sk_test_auditSecret00001234';
const SECOND_KEY = 'sk_test_auditSecret00005678';

const body = (overrides: object = {}) => ({
  provider: 'paystack',
  mode: 'test',
  paystack_secret_key: FIRST_KEY,
  paystack_base_url: 'https://api.paystack.co',
  paystack_terminal_id: null,
  network_codes: { mtn_momo: 'MTN', telecel_cash: 'VOD', airteltigo_money: 'ATL' },
  momo_merchant_number: null,
  momo_merchant_name: null,
  ...overrides,
});

describe('payment settings in the audit log', () => {
  it('records who changed what, says only that the key changed and its last 4, and nothing for no change', async () => {
    const owner = await signedInShop(t, 'owner');
    const put = async (payload: object) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/payments/settings',
        headers: owner.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await put(body());
    await put(body({ paystack_secret_key: '' }));
    await put(body({ paystack_secret_key: SECOND_KEY, momo_merchant_number: '0245550101' }));

    const log = await t.app.inject({
      url: '/api/v1/audit-log?action=payment_settings_changed',
      headers: owner.headers,
    });
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json().entries;
    expect(JSON.stringify(entries)).not.toContain('auditSecret');
    // Newest first; saving with nothing changed wrote no line.
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      action: 'payment_settings_changed',
      subject_type: 'business',
      summary: 'Payment settings changed: provider, Paystack secret key (ending 1234)',
      before: { provider: 'sandbox', paystack_secret_key: null },
      after: { provider: 'paystack', paystack_secret_key: 'changed, ending 1234' },
    });
    expect(entries[0]).toMatchObject({
      summary: 'Payment settings changed: MoMo merchant number, Paystack secret key (ending 5678)',
      before: { momo_merchant_number: null, paystack_secret_key: 'ending 1234' },
      after: { momo_merchant_number: '+233245550101', paystack_secret_key: 'changed, ending 5678' },
    });
    expect(entries[0].actor_name).toBeTruthy();
  });
});
