import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Paystack for tests and `npm run dev`: the endpoints our adapter uses, answering in Paystack's
// documented shapes ({ status, message, data }), amounts in the subunit (pesewas), and webhooks signed the way
// Paystack signs them (x-paystack-signature: HMAC-SHA512 hex of the raw body, keyed with the secret key).
//
// How a mobile-money charge behaves is chosen by the customer's number, like a provider's test numbers:
//   …111  the customer must give a one-time code first (send_otp; the code is 123456)
//   …999  declined at once
//   …500  Paystack answers 500
//   …408  Paystack never answers (a timeout)
//   anything else: pay_offline, the customer approves on the phone (approve()/decline(), or autoApproveMs)
//
// Run it for development:  npx tsx scripts/fake-paystack.ts --port 4010 --key sk_test_… --webhook <url>

export const FAKE_OTP = '123456';

type Charge = {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  channel: 'mobile_money' | 'card';
  phone: string | null;
  provider: string | null;
  status: 'send_otp' | 'pay_offline' | 'pending' | 'success' | 'failed';
  gatewayResponse: string;
  paidAt: string | null;
  /** A terminal payment request: its Paystack id and offline reference. */
  requestCode?: string;
};

export type FakePaystackOptions = {
  secretKey: string;
  /** Where signed events go; a function may choose per reference (one fake for several businesses). */
  webhookUrl?: string | ((charge: { reference: string }) => string | null);
  /** Approve every pay_offline charge by itself after this many ms (development). */
  autoApproveMs?: number;
  port?: number;
  networkCodes?: string[];
};

export type FakePaystack = {
  url: string;
  charges: Map<string, Charge>;
  /** Every request received, newest last: method, path and parsed body. */
  requests: { method: string; path: string; body: unknown; authorization: string | undefined }[];
  /** Whether events are sent (false: a webhook that never comes). */
  sendsWebhooks: boolean;
  /** The customer approves: the charge succeeds and charge.success is sent. `amount` pays another amount. */
  approve(reference: string, options?: { amount?: number; currency?: string }): Promise<void>;
  decline(reference: string, reason?: string): Promise<void>;
  /** Refunds taken, in order: GET /refund lists them. */
  refunds: { reference: string; amount: number; status: 'pending' | 'processed' }[];
  /** true: a refund is taken but its answer never comes (a time-out after Paystack acted on it). */
  hangsAfterRefund: boolean;
  /** Sends the last event again, byte for byte, as Paystack does when it retries. */
  resendLastEvent(): Promise<Response | null>;
  /** The last event: its raw body and signature. */
  lastEvent: { url: string; body: string; signature: string } | null;
  close(): Promise<void>;
};

const sign = (key: string, body: string) => createHmac('sha512', key).update(body).digest('hex');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

export async function startFakePaystack(options: FakePaystackOptions): Promise<FakePaystack> {
  const networks = options.networkCodes ?? ['MTN', 'VOD', 'ATL'];
  const charges = new Map<string, Charge>();
  const requests: FakePaystack['requests'] = [];
  const hanging = new Set<ServerResponse>();

  function chargeData(charge: Charge) {
    return {
      id: charge.id,
      domain: 'test',
      status: charge.status,
      reference: charge.reference,
      amount: charge.amount,
      currency: charge.currency,
      channel: charge.channel,
      gateway_response: charge.gatewayResponse,
      paid_at: charge.paidAt,
      customer: { email: charge.email },
      authorization: charge.phone
        ? { channel: 'mobile_money', bank: charge.provider, mobile: charge.phone }
        : null,
      ...(charge.status === 'pay_offline'
        ? { display_text: 'Please complete authorization process on your mobile phone' }
        : charge.status === 'send_otp'
          ? { display_text: 'Please enter the OTP sent to your phone' }
          : {}),
      ...(charge.requestCode
        ? { request_code: charge.requestCode, offline_reference: charge.reference }
        : {}),
    };
  }

  const fake: FakePaystack = {
    url: '',
    charges,
    requests,
    sendsWebhooks: true,
    refunds: [],
    hangsAfterRefund: false,
    lastEvent: null,
    async approve(reference, override = {}) {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`No charge ${reference}`);
      charge.status = 'success';
      charge.gatewayResponse = 'Approved';
      charge.paidAt = new Date().toISOString();
      if (override.amount !== undefined) charge.amount = override.amount;
      if (override.currency) charge.currency = override.currency;
      await sendEvent(charge.requestCode ? 'paymentrequest.success' : 'charge.success', charge);
    },
    async decline(reference, reason = 'Declined by the customer') {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`No charge ${reference}`);
      charge.status = 'failed';
      charge.gatewayResponse = reason;
      await sendEvent('charge.failed', charge);
    },
    async resendLastEvent() {
      const last = fake.lastEvent;
      if (!last) return null;
      return fetch(last.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': last.signature },
        body: last.body,
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function sendEvent(event: string, charge: Charge) {
    const url =
      typeof options.webhookUrl === 'function' ? options.webhookUrl(charge) : (options.webhookUrl ?? null);
    if (!url || !fake.sendsWebhooks) return;
    const body = JSON.stringify({ event, data: chargeData(charge) });
    const signature = sign(options.secretKey, body);
    fake.lastEvent = { url, body, signature };
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    }).catch(() => {});
  }

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? '/', 'http://fake');
    const path = address.pathname;
    const text = await readBody(request);
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return answer(response, 400, { status: false, message: 'Invalid JSON body' });
      }
    }
    requests.push({
      method: request.method ?? 'GET',
      path,
      body,
      authorization: request.headers.authorization,
    });
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return answer(response, 401, { status: false, message: 'Invalid key' });
    }

    if (request.method === 'GET' && path === '/balance') {
      return answer(response, 200, {
        status: true,
        message: 'Balances retrieved',
        data: [{ currency: 'GHS', balance: 0 }],
      });
    }

    if (request.method === 'POST' && path === '/charge') {
      const mobile = body.mobile_money as { phone?: string; provider?: string } | undefined;
      const reference = String(body.reference ?? '');
      if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) {
        return answer(response, 400, { status: false, message: 'Invalid amount' });
      }
      if (body.currency !== 'GHS')
        return answer(response, 400, { status: false, message: 'Currency not supported' });
      if (!body.email) return answer(response, 400, { status: false, message: 'Email is required' });
      if (!mobile?.phone || !mobile.provider || !networks.includes(mobile.provider.toUpperCase())) {
        return answer(response, 400, { status: false, message: 'Invalid mobile money provider or phone' });
      }
      if (!reference || charges.has(reference)) {
        return answer(response, 400, { status: false, message: 'Duplicate Transaction Reference' });
      }
      if (mobile.phone.endsWith('500')) {
        return answer(response, 500, { status: false, message: 'An error occurred' });
      }
      if (mobile.phone.endsWith('408')) {
        hanging.add(response);
        return;
      }
      const charge: Charge = {
        id: randomInt(1_000_000_000, 2_000_000_000),
        reference,
        amount: body.amount as number,
        currency: 'GHS',
        email: String(body.email),
        channel: 'mobile_money',
        phone: mobile.phone,
        provider: mobile.provider,
        status: mobile.phone.endsWith('111')
          ? 'send_otp'
          : mobile.phone.endsWith('999')
            ? 'failed'
            : 'pay_offline',
        gatewayResponse: mobile.phone.endsWith('999') ? 'Declined' : 'Charge attempted',
        paidAt: null,
      };
      charges.set(reference, charge);
      if (charge.status === 'pay_offline' && options.autoApproveMs !== undefined) {
        setTimeout(() => void fake.approve(reference), options.autoApproveMs).unref();
      }
      return answer(response, 200, { status: true, message: 'Charge attempted', data: chargeData(charge) });
    }

    if (request.method === 'POST' && path === '/charge/submit_otp') {
      const charge = charges.get(String(body.reference ?? ''));
      if (!charge)
        return answer(response, 400, { status: false, message: 'Transaction reference not found' });
      if (charge.status !== 'send_otp') {
        return answer(response, 400, { status: false, message: 'Charge is not awaiting an OTP' });
      }
      if (body.otp !== FAKE_OTP) {
        return answer(response, 200, {
          status: true,
          message: 'Charge attempted',
          data: {
            ...chargeData(charge),
            status: 'send_otp',
            display_text: 'Incorrect OTP, please try again',
          },
        });
      }
      charge.status = 'pay_offline';
      if (options.autoApproveMs !== undefined) {
        setTimeout(() => void fake.approve(charge.reference), options.autoApproveMs).unref();
      }
      return answer(response, 200, { status: true, message: 'Charge attempted', data: chargeData(charge) });
    }

    const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
    if (request.method === 'GET' && verify) {
      const charge = charges.get(decodeURIComponent(verify[1] ?? ''));
      if (!charge)
        return answer(response, 400, { status: false, message: 'Transaction reference not found' });
      const shown =
        charge.status === 'pay_offline' || charge.status === 'send_otp' ? 'ongoing' : charge.status;
      return answer(response, 200, {
        status: true,
        message: 'Verification successful',
        data: { ...chargeData(charge), status: shown },
      });
    }

    if (request.method === 'POST' && path === '/paymentrequest') {
      if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) {
        return answer(response, 400, { status: false, message: 'Invalid amount' });
      }
      const id = randomInt(1_000_000, 9_000_000);
      const offline = `${randomInt(1_000_000_000, 9_999_999_999)}`;
      const charge: Charge = {
        id,
        reference: offline,
        amount: body.amount as number,
        currency: String(body.currency ?? 'GHS'),
        email: String(body.customer ?? ''),
        channel: 'card',
        phone: null,
        provider: null,
        status: 'pending',
        gatewayResponse: 'Payment request created',
        paidAt: null,
        requestCode: `PRQ_${id}`,
      };
      charges.set(offline, charge);
      return answer(response, 200, {
        status: true,
        message: 'Payment request created',
        data: {
          id,
          request_code: charge.requestCode,
          offline_reference: offline,
          amount: charge.amount,
          currency: charge.currency,
          status: 'pending',
          paid: false,
        },
      });
    }

    const paymentRequest = /^\/paymentrequest\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && paymentRequest) {
      const wanted = decodeURIComponent(paymentRequest[1] ?? '');
      const charge = [...charges.values()].find(
        (entry) => entry.requestCode && (String(entry.id) === wanted || entry.requestCode === wanted),
      );
      if (!charge) return answer(response, 404, { status: false, message: 'Payment request not found' });
      return answer(response, 200, {
        status: true,
        message: 'Payment request retrieved',
        data: {
          id: charge.id,
          request_code: charge.requestCode,
          offline_reference: charge.reference,
          amount: charge.amount,
          currency: charge.currency,
          status:
            charge.status === 'success' ? 'success' : charge.status === 'failed' ? 'cancelled' : 'pending',
          paid: charge.status === 'success',
          paid_at: charge.paidAt,
        },
      });
    }

    const terminal = /^\/terminal\/([^/]+)\/event$/.exec(path);
    if (request.method === 'POST' && terminal) {
      const data = body.data as { id?: string; reference?: string } | undefined;
      if (body.type !== 'invoice' || body.action !== 'process' || !data?.id || !data.reference) {
        return answer(response, 400, { status: false, message: 'Invalid event' });
      }
      if (!charges.has(data.reference))
        return answer(response, 404, { status: false, message: 'Invoice not found' });
      return answer(response, 200, {
        status: true,
        message: 'Event sent to Terminal',
        data: { id: `${randomInt(1e6)}` },
      });
    }

    if (request.method === 'POST' && path === '/refund') {
      const charge = charges.get(String(body.transaction ?? ''));
      if (charge?.status !== 'success') {
        return answer(response, 400, { status: false, message: 'Transaction has not been paid' });
      }
      const refund = {
        reference: charge.reference,
        amount: typeof body.amount === 'number' ? body.amount : charge.amount,
        status: 'pending' as const,
      };
      fake.refunds.push(refund);
      if (fake.hangsAfterRefund) {
        hanging.add(response);
        return;
      }
      return answer(response, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: { transaction: chargeData(charge), amount: refund.amount, status: refund.status },
      });
    }

    if (request.method === 'GET' && path === '/refund') {
      const reference = address.searchParams.get('reference');
      const listed = fake.refunds.filter((refund) => !reference || refund.reference === reference);
      return answer(response, 200, {
        status: true,
        message: 'Refunds retrieved',
        data: listed.map((refund, index) => ({
          id: index + 1,
          transaction_reference: refund.reference,
          amount: refund.amount,
          currency: 'GHS',
          status: refund.status,
        })),
        meta: { total: listed.length, page: 1, perPage: 50 },
      });
    }

    return answer(response, 404, { status: false, message: 'Not found' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, { status: false, message: 'Fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

// Development: npx tsx scripts/fake-paystack.ts --port 4010 --key sk_test_x --webhook http://…/paystack/<id>
if (process.argv[1]?.endsWith('fake-paystack.ts')) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const fake = await startFakePaystack({
    secretKey: arg('key') ?? 'sk_test_fakepaystack0000',
    webhookUrl: arg('webhook'),
    autoApproveMs: Number(arg('approve-after-ms') ?? 8000),
    port: Number(arg('port') ?? 4010),
  });
  console.info(
    `Fake Paystack on ${fake.url} (mobile money approves itself after 8 s; numbers ending 999 decline)`,
  );
}
