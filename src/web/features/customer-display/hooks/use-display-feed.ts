import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  type DisplayCart,
  type DisplayPayment,
  type DisplayShop,
  IDLE_PAYMENT,
} from '#domain/customer-display.ts';
import { openDisplayChannel } from '#web/lib/display-channel.ts';
import { type LiveEventsStatus, useLiveEvents } from '#web/lib/live-events.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { askTillForState } from '../api/display-pairing.ts';

/** Everything the display shows, as the till last sent it. `cart` is null until the till is heard from. */
export type DisplayFeed = {
  cart: DisplayCart | null;
  shop: DisplayShop | null;
  payment: DisplayPayment;
  /** When the payment state arrived (ms), so a finished sale's thanks can give way to the welcome. */
  paymentAt: number;
  /** The till said it went away (closed or reloading). */
  isTillGone: boolean;
};

const INITIAL: DisplayFeed = {
  cart: null,
  shop: null,
  payment: IDLE_PAYMENT,
  paymentAt: 0,
  isTillGone: false,
};

/**
 * A display in the till's own browser: the BroadcastChannel. It asks for the current state when it opens
 * ('ready' → 'init'), so a reload of either window resynchronises; it says when it closes.
 */
export function useChannelFeed(slug: string, enabled: boolean): DisplayFeed {
  const [feed, setFeed] = useState<DisplayFeed>(INITIAL);
  useEffect(() => {
    if (!enabled) return;
    let isTillGone = false;
    const channel = openDisplayChannel(slug, (message) => {
      switch (message.type) {
        case 'cart-update':
          isTillGone = false;
          setFeed((current) => ({ ...current, cart: message.cart, shop: message.shop, isTillGone: false }));
          break;
        case 'transaction-status':
          setFeed((current) => ({ ...current, payment: message.status, paymentAt: Date.now() }));
          break;
        case 'customer-display-init':
          // The till came back after going away: tell it a display is open.
          if (isTillGone) channel.post({ type: 'customer-display-ready' });
          isTillGone = false;
          setFeed((current) => ({
            cart: message.cart,
            shop: message.shop,
            payment: message.status,
            paymentAt:
              JSON.stringify(current.payment) === JSON.stringify(message.status)
                ? current.paymentAt
                : Date.now(),
            isTillGone: false,
          }));
          break;
        case 'till-closed':
          isTillGone = true;
          setFeed((current) => ({ ...current, isTillGone: true }));
          break;
        case 'customer-display-close':
          window.close();
          break;
        default:
          break;
      }
    });
    channel.post({ type: 'customer-display-ready' });
    const goingAway = () => channel.post({ type: 'customer-display-closed' });
    window.addEventListener('pagehide', goingAway);
    return () => {
      window.removeEventListener('pagehide', goingAway);
      goingAway();
      channel.close();
    };
  }, [slug, enabled]);
  return feed;
}

/**
 * A display on another device, paired with a till: the server's event stream, which carries only that till's
 * cart and payment state. When the till unpairs it, `isUnpaired` turns true and the stream stays closed.
 */
export function usePairedFeed(
  slug: string,
  pairing: { pairing_id: string; till_id: string } | null,
): { feed: DisplayFeed; status: LiveEventsStatus; isUnpaired: boolean } {
  const queryClient = useQueryClient();
  const [feed, setFeed] = useState<DisplayFeed>(INITIAL);
  const [isUnpaired, setUnpaired] = useState(false);
  const status = useLiveEvents({
    slug,
    display: pairing?.till_id ?? null,
    enabled: pairing !== null && !isUnpaired,
    onEvent: (event) => {
      if (event.type === 'display.cart') {
        setFeed((current) => ({ ...current, cart: event.data.cart, shop: event.data.shop }));
      } else if (event.type === 'display.status') {
        setFeed((current) => ({ ...current, payment: event.data.status, paymentAt: Date.now() }));
      } else if (event.type === 'display.unpaired' && event.data.pairing_id === pairing?.pairing_id) {
        setUnpaired(true);
        queryClient.setQueryData(queryKeys.displayPairing(slug), null);
      }
    },
    onResync: () => void askTillForState().catch(() => {}),
  });
  // A stream that cannot come back may mean the pairing ended while this device was away: ask.
  useEffect(() => {
    if (status !== 'reconnecting' || !pairing) return;
    const timer = setTimeout(async () => {
      await queryClient.refetchQueries({ queryKey: queryKeys.displayPairing(slug) });
      if (queryClient.getQueryData(queryKeys.displayPairing(slug)) === null) setUnpaired(true);
    }, 5000);
    return () => clearTimeout(timer);
  }, [status, pairing, queryClient, slug]);
  // Each time the stream opens (first time, after a drop), the till sends its current state.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (status === 'open' && !wasOpen.current) void askTillForState().catch(() => {});
    wasOpen.current = status === 'open';
  }, [status]);
  return { feed, status, isUnpaired };
}
