import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Cart } from '#domain/cart.ts';
import {
  type DisplayCart,
  type DisplayMessage,
  type DisplayPayment,
  type DisplayShop,
  toDisplayCart,
} from '#domain/customer-display.ts';
import {
  DISPLAY_OPEN_DELAY_MS,
  displayWindowArea,
  isDualScreenDetected,
  POPUP_BLOCKED_MESSAGE,
  POPUP_BLOCKED_TOAST,
  type ScreenArea,
  windowFeatures,
} from '#domain/display-window.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { type DisplayChannel, openDisplayChannel } from '#web/lib/display-channel.ts';
import { useLiveEvents } from '#web/lib/live-events.ts';
import { invalidateAfter } from '#web/lib/query-keys.ts';
import { useMe } from '#web/lib/session.ts';
import {
  browserStorage,
  businessStorageKey,
  readStorage,
  STORAGE_KEYS,
  writeStorage,
} from '#web/lib/storage-keys.ts';
import { tillIdFor } from '#web/lib/till-id.ts';
import { toast } from '#web/lib/toast.ts';
import { sendToPairedDisplays, useTillPairings } from '../api/display-pairings.ts';

/** The customer window's state as the till knows it. */
export type DisplayWindowState = 'closed' | 'opening' | 'open' | 'blocked';
export type DisplayMode = 'single' | 'dual';

/** The window name: one customer display per browser, reused rather than opened twice. */
const WINDOW_NAME = 'akwaaba-customer-display';
/** How often the till looks whether the customer closed the window. */
const WATCH_MS = 500;
/** Cart changes to paired displays are sent at most this often (typing a quantity sends one, not five). */
const SEND_DEBOUNCE_MS = 150;

type ScreenDetailed = {
  availLeft: number;
  availTop: number;
  availWidth: number;
  availHeight: number;
  isExtended?: boolean;
};
type ScreenDetails = { screens: ScreenDetailed[]; currentScreen: ScreenDetailed };
type WindowWithScreens = Window & { getScreenDetails?: () => Promise<ScreenDetails> };

function areaOf(screen: {
  availLeft?: number;
  availTop?: number;
  availWidth: number;
  availHeight: number;
  left?: number;
  top?: number;
}): ScreenArea {
  return {
    left: screen.availLeft ?? screen.left ?? 0,
    top: screen.availTop ?? screen.top ?? 0,
    width: screen.availWidth,
    height: screen.availHeight,
  };
}

/**
 * Where the display window goes: the right half of the customer's screen when the Window Management API
 * lists another screen and the browser grants it, else the right half of this one (operations §4).
 */
async function displayArea(): Promise<ScreenArea> {
  const current = areaOf(window.screen as Screen & { availLeft?: number; availTop?: number });
  const withScreens = window as WindowWithScreens;
  if (typeof withScreens.getScreenDetails !== 'function') return displayWindowArea(current);
  try {
    const details = await withScreens.getScreenDetails();
    const others = details.screens.filter((screen) => screen !== details.currentScreen).map(areaOf);
    return displayWindowArea(areaOf(details.currentScreen), others);
  } catch {
    // Refused or unsupported: this screen's right half.
    return displayWindowArea(current);
  }
}

function detectDualScreen(): boolean {
  const screen = window.screen as Screen & { isExtended?: boolean };
  return isDualScreenDetected({ isExtended: screen.isExtended, width: screen.width });
}

export function customerDisplayUrl(slug: string): string {
  return `/app/customer-display?business=${encodeURIComponent(slug)}`;
}

type Options = {
  cart: Cart;
  /** The payment as the till sees it (displayPaymentOf). */
  payment: DisplayPayment;
  /** Version 2 opens the display by itself 1 s after a second screen is detected. */
  autoOpen: boolean;
};

/**
 * The till's end of the customer display: the cross-window messages (cart, payment, ready → init), the
 * customer window (open, close, noticed when closed), and displays paired on other devices, which get the same
 * messages through the server.
 */
export function useCustomerDisplay({ cart, payment, autoOpen }: Options) {
  const business = useBusiness();
  const slug = business.slug;
  const queryClient = useQueryClient();
  const tillId = useMemo(() => tillIdFor(slug), [slug]);
  const shop: DisplayShop = useMemo(
    () => ({ name: business.name, logo_url: business.logo_url }),
    [business.name, business.logo_url],
  );
  const pricesIncludeTax = useMe().data?.business.prices_include_tax ?? false;
  const displayCart = useMemo(() => toDisplayCart(cart, { pricesIncludeTax }), [cart, pricesIncludeTax]);
  const state = useRef({ cart: displayCart, shop, payment });
  state.current = { cart: displayCart, shop, payment };

  const [windowState, setWindowState] = useState<DisplayWindowState>('closed');
  const [mode, setModeState] = useState<DisplayMode>(() =>
    readStorage(browserStorage('local'), businessStorageKey(STORAGE_KEYS.displayMode, slug)) === 'dual'
      ? 'dual'
      : 'single',
  );
  const windowRef = useRef<Window | null>(null);
  const channelRef = useRef<DisplayChannel | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const pairings = useTillPairings(tillId);
  const pairedCount = pairings.data?.displays.length ?? 0;
  const hasPairing = pairedCount > 0 || Boolean(pairings.data?.pending);

  const initMessage = useCallback(
    (): DisplayMessage => ({
      type: 'customer-display-init',
      ...state.current,
      status: state.current.payment,
    }),
    [],
  );

  // ---- Same browser: the BroadcastChannel ----
  useEffect(() => {
    const channel = openDisplayChannel(slug, (message) => {
      if (message.type === 'customer-display-ready') {
        channel.post({
          type: 'customer-display-init',
          cart: state.current.cart,
          shop: state.current.shop,
          status: state.current.payment,
        });
        setWindowState('open');
      } else if (message.type === 'customer-display-closed') {
        windowRef.current = null;
        setWindowState('closed');
      }
    });
    channelRef.current = channel;
    // A display already open (the till was reloaded) takes the current state at once.
    channel.post(initMessage());
    const goingAway = () => channel.post({ type: 'till-closed' });
    window.addEventListener('pagehide', goingAway);
    return () => {
      window.removeEventListener('pagehide', goingAway);
      goingAway();
      channel.close();
      channelRef.current = null;
    };
  }, [slug, initMessage]);

  useEffect(() => {
    channelRef.current?.post({ type: 'cart-update', cart: displayCart, shop });
  }, [displayCart, shop]);

  const paymentKey = JSON.stringify(payment);
  useEffect(() => {
    channelRef.current?.post({
      type: 'transaction-status',
      status: JSON.parse(paymentKey) as DisplayPayment,
      timestamp: new Date().toISOString(),
    });
  }, [paymentKey]);

  // ---- Paired displays on other devices: the server ----
  const sendCart = useCallback(
    (next: DisplayCart) =>
      sendToPairedDisplays(tillId, { kind: 'cart', cart: next, shop: state.current.shop }).catch(() => {
        // The display catches up on the next change, or asks again when it reconnects.
      }),
    [tillId],
  );
  const sendStatus = useCallback(
    (status: DisplayPayment) =>
      sendToPairedDisplays(tillId, { kind: 'status', status, timestamp: new Date().toISOString() }).catch(
        () => {},
      ),
    [tillId],
  );

  useEffect(() => {
    if (pairedCount === 0) return;
    const timer = setTimeout(() => void sendCart(displayCart), SEND_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [displayCart, pairedCount, sendCart]);

  useEffect(() => {
    if (pairedCount === 0) return;
    void sendStatus(JSON.parse(paymentKey) as DisplayPayment);
  }, [paymentKey, pairedCount, sendStatus]);

  const liveStatus = useLiveEvents({
    slug,
    till: tillId,
    enabled: hasPairing,
    onEvent: (event) => {
      if (event.type === 'display.ready') {
        void sendCart(state.current.cart);
        void sendStatus(state.current.payment);
      } else if (event.type === 'display.paired' || event.type === 'display.unpaired') {
        void invalidateAfter.displayPairingChange(queryClient, slug);
        if (event.type === 'display.paired') {
          toast.success('Customer display paired', { description: event.data.name });
          void sendCart(state.current.cart);
          void sendStatus(state.current.payment);
        }
      }
    },
    onResync: () => void invalidateAfter.displayPairingChange(queryClient, slug),
  });

  // ---- The customer window ----
  useEffect(() => {
    if (windowState !== 'open' && windowState !== 'opening') return;
    const timer = setInterval(() => {
      if (windowRef.current?.closed) {
        windowRef.current = null;
        setWindowState('closed');
      }
    }, WATCH_MS);
    return () => clearInterval(timer);
  }, [windowState]);

  const openWindow = useCallback(() => {
    if (windowRef.current && !windowRef.current.closed) {
      windowRef.current.focus();
      return;
    }
    setWindowState('opening');
    if (openTimer.current) clearTimeout(openTimer.current);
    // operations §4: the window opens 1 s after the request.
    openTimer.current = setTimeout(async () => {
      openTimer.current = null;
      const area = await displayArea();
      const opened = window.open(customerDisplayUrl(slug), WINDOW_NAME, windowFeatures(area));
      if (!opened) {
        setWindowState('blocked');
        toast.error(POPUP_BLOCKED_TOAST.title, { description: POPUP_BLOCKED_TOAST.description });
        return;
      }
      windowRef.current = opened;
      setWindowState('open');
    }, DISPLAY_OPEN_DELAY_MS);
  }, [slug]);

  const closeWindow = useCallback(() => {
    if (openTimer.current) clearTimeout(openTimer.current);
    openTimer.current = null;
    windowRef.current?.close();
    windowRef.current = null;
    // A display this till did not open itself (before a reload) is asked to close.
    channelRef.current?.post({ type: 'customer-display-close' });
    setWindowState('closed');
  }, []);

  const setMode = useCallback(
    (next: DisplayMode) => {
      writeStorage(browserStorage('local'), businessStorageKey(STORAGE_KEYS.displayMode, slug), next);
      setModeState(next);
      if (next === 'single') closeWindow();
    },
    [slug, closeWindow],
  );

  // Version 2: a second screen detected means dual mode, and the display opens 1 s later (operations §4).
  const [isDetected] = useState(() => typeof window !== 'undefined' && detectDualScreen());
  const autoOpened = useRef(false);
  useEffect(() => {
    if (!autoOpen || !isDetected || autoOpened.current) return;
    autoOpened.current = true;
    setModeState('dual');
    openWindow();
  }, [autoOpen, isDetected, openWindow]);

  useEffect(
    () => () => {
      if (openTimer.current) clearTimeout(openTimer.current);
    },
    [],
  );

  return {
    tillId,
    mode,
    setMode,
    isDualScreenDetected: isDetected,
    windowState,
    blockedMessage: windowState === 'blocked' ? POPUP_BLOCKED_MESSAGE : null,
    openWindow,
    closeWindow,
    pairings,
    pairedCount,
    liveStatus: hasPairing ? liveStatus : null,
  };
}

export type CustomerDisplayControls = ReturnType<typeof useCustomerDisplay>;
