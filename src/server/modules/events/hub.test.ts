import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createEventHub, type EventHub, type Replay } from './hub.ts';
import type { EventNotice } from './publish.ts';

const BUSINESS = 'b0000000-0000-4000-8000-000000000001';

/** A database whose only part the hub uses here is its LISTEN: the test hands over the notifications. */
function listeningDatabase() {
  let notify: (payload: string) => void = () => {};
  const database = {
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      notify = onPayload;
      return async () => {};
    },
  } as unknown as Database;
  const arrive = (id: number) => {
    const notice: EventNotice = {
      id: String(id),
      business_id: BUSINESS,
      scope: 'business',
      type: 'sale.payment_status',
      created_at: new Date(0).toISOString(),
      data: { receipt_number: `RCP-${id}` },
    };
    notify(JSON.stringify(notice));
  };
  return { database, arrive };
}

const silentLog = { warn: () => {} };
let hub: EventHub | undefined;
afterEach(() => hub?.close());

async function subscribed(database: Database, replay: () => Promise<Replay>) {
  hub = await createEventHub(database, silentLog, () => new Date());
  const received: string[] = [];
  await hub.subscribe(
    {
      businessId: BUSINESS,
      scopes: new Set(['business']),
      pairingId: null,
      deliver: (event) => received.push(event.id),
      end: () => {},
    },
    replay,
  );
  return received;
}

describe('the event hub', () => {
  it('never hands a new subscriber an event its replay already had behind it, however late LISTEN brings it', async () => {
    const { database, arrive } = listeningDatabase();
    // Event 7 was committed before the subscription; this instance's LISTEN delivers it only now.
    const received = await subscribed(database, async () => ({ events: [], newestId: 7n }));
    arrive(7);
    arrive(8);
    expect(received).toEqual(['8']);
  });

  it('sends what arrives while the replay reads, after the replay and once, unless the replay had it behind it', async () => {
    const { database, arrive } = listeningDatabase();
    const received = await subscribed(database, async () => {
      arrive(5); // older than the replay's reading: dropped
      arrive(9); // newer: held, then sent
      arrive(9);
      return { events: [], newestId: 6n };
    });
    expect(received).toEqual(['9']);
  });
});
