import { type DisplayMessage, displayChannelName, parseDisplayMessage } from '#domain/customer-display.ts';

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
  channel.onmessage = (event: MessageEvent) => {
    const message = parseDisplayMessage(event.data);
    if (message) onMessage(message);
  };
  return {
    post(message) {
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (the page is going away): nothing to tell.
      }
    },
    close: () => channel.close(),
  };
}
