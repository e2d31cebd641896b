import { type DisplayMessage, displayChannelName } from '#domain/customer-display.ts';

export type DisplayChannel = { post(message: DisplayMessage): void; close(): void };

/**
 * The BroadcastChannel between a till and the customer display windows of the same browser (operations §4
 * Cross-window messages), one per business. Messages that are not ours are ignored. Where the browser has
 * no BroadcastChannel, posting does nothing and nothing arrives.
 */
export function openDisplayChannel(
  slug: string,
  onMessage: (message: DisplayMessage) => void,
): DisplayChannel {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, close() {} };
  const channel = new BroadcastChannel(displayChannelName(slug));
  // The reader (zod) loads with the first message rather than with the till; messages keep their order, as
  // each waits on the same module.
  let reader: Promise<typeof import('#domain/schemas/customer-display.ts')> | null = null;
  let isClosed = false;
  channel.onmessage = (event: MessageEvent) => {
    reader ??= import('#domain/schemas/customer-display.ts');
    void reader.then(({ parseDisplayMessage }) => {
      const message = isClosed ? null : parseDisplayMessage(event.data);
      if (message) onMessage(message);
    });
  };
  return {
    post(message) {
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (the page is going away): nothing to tell.
      }
    },
    close: () => {
      isClosed = true;
      channel.close();
    },
  };
}
