import { MonitorIcon, MonitorOffIcon, MonitorSmartphoneIcon, TabletSmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { CustomerDisplayControls, DisplayWindowState } from '../hooks/use-customer-display.ts';
import { PairDisplayDialog } from './deferred-dialogs.tsx';
import { PHONE_ICON_BUTTON, PhoneWords } from './phone-words.tsx';

const WINDOW_STATE_TEXT: Record<DisplayWindowState, string> = {
  closed: 'Customer display closed',
  opening: 'Opening customer display…',
  open: 'Customer display open',
  blocked: 'Popup blocked',
};

type ButtonLook = {
  size: 'default' | 'lg';
  /**
   * The icon alone below 640 px (the words stay its accessible name and tooltip): on a phone the display buttons
   * took rows of their own, and pushed the till's first products below the first screen.
   */
  isCompact?: boolean;
};

const compactClass = ({ size, isCompact = false }: ButtonLook) =>
  isCompact && size === 'lg' ? PHONE_ICON_BUTTON : undefined;

function OpenCloseButton({
  display,
  size,
  isCompact = false,
}: { display: CustomerDisplayControls } & ButtonLook) {
  const isOpen = display.windowState === 'open' || display.windowState === 'opening';
  const text = isOpen ? 'Close customer display' : 'Open customer display';
  return (
    <Button
      variant="outline"
      size={size}
      className={compactClass({ size, isCompact })}
      onClick={isOpen ? display.closeWindow : display.openWindow}
      title={isCompact ? text : undefined}
    >
      {isOpen ? <MonitorOffIcon aria-hidden="true" /> : <MonitorIcon aria-hidden="true" />}
      <PhoneWords text={text} isCompact={isCompact} />
    </Button>
  );
}

function PairButton({ display, size, isCompact = false }: { display: CustomerDisplayControls } & ButtonLook) {
  const [isOpen, setOpen] = useState(false);
  const text = display.pairedCount > 0 ? `Paired displays (${display.pairedCount})` : 'Pair a display';
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={compactClass({ size, isCompact })}
        onClick={() => setOpen(true)}
        title={isCompact ? text : undefined}
      >
        <TabletSmartphoneIcon aria-hidden="true" />
        <PhoneWords text={text} isCompact={isCompact} />
      </Button>
      <PairDisplayDialog open={isOpen} onOpenChange={setOpen} display={display} />
    </>
  );
}

/** Nothing to tell: one screen, no customer window, no display paired or detected. */
const isIdle = (display: CustomerDisplayControls) =>
  display.mode === 'single' &&
  display.windowState === 'closed' &&
  display.pairedCount === 0 &&
  !display.isDualScreenDetected;

/**
 * The v2 terminal's display-control bar (operations §2): single or dual screen, open or close the customer
 * window and its state, and displays paired on other devices. Large targets for a touch screen. On a phone it
 * is one row (the buttons' words shortened or kept for their accessible names, an idle state read out only), so
 * that the first products show on the first screen.
 */
export function DisplayControlBar({ display }: { display: CustomerDisplayControls }) {
  return (
    <section
      aria-label="Customer display"
      className="flex flex-wrap items-center gap-2 rounded-xl border bg-card p-2 shadow-xs"
    >
      <fieldset className="flex rounded-lg border p-0.5">
        <legend className="sr-only">Display mode</legend>
        {(['single', 'dual'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={display.mode === mode}
            onClick={() => display.setMode(mode)}
            className={cn(
              'flex h-11 cursor-pointer items-center gap-2 rounded-md px-4 font-medium text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              display.mode === mode ? 'bg-primary text-primary-foreground' : 'text-muted-foreground',
            )}
          >
            {mode === 'single' ? (
              <MonitorIcon className="size-4" aria-hidden="true" />
            ) : (
              <MonitorSmartphoneIcon className="size-4" aria-hidden="true" />
            )}
            <span>
              {mode === 'single' ? 'Single' : 'Dual'} <PhoneWords text="screen" isCompact />
            </span>
          </button>
        ))}
      </fieldset>
      {display.mode === 'dual' && <OpenCloseButton display={display} size="lg" isCompact />}
      <PairButton display={display} size="lg" isCompact />
      <p
        role="status"
        className={cn('flex min-w-0 items-center gap-2 text-sm', isIdle(display) && 'max-sm:sr-only')}
      >
        <span
          aria-hidden="true"
          className={cn(
            'size-2.5 shrink-0 rounded-full',
            display.windowState === 'open'
              ? 'bg-emerald-500'
              : display.windowState === 'blocked'
                ? 'bg-destructive'
                : 'bg-muted-foreground/40',
          )}
        />
        <span className="truncate">
          {display.mode === 'single' && display.windowState === 'closed'
            ? 'No customer window'
            : WINDOW_STATE_TEXT[display.windowState]}
          {display.pairedCount > 0 &&
            ` · ${display.pairedCount} paired ${display.pairedCount === 1 ? 'display' : 'displays'}`}
          {display.isDualScreenDetected && ' · Second screen detected'}
        </span>
      </p>
      {display.blockedMessage && (
        <p role="alert" className="basis-full text-destructive text-sm">
          {display.blockedMessage}
        </p>
      )}
    </section>
  );
}

/** The v1 till's way to the customer display: open or close the window, pair a tablet. */
export function DisplayButtons({ display }: { display: CustomerDisplayControls }) {
  return (
    <>
      <OpenCloseButton display={display} size="default" isCompact />
      <PairButton display={display} size="default" isCompact />
      {display.blockedMessage && (
        <p role="alert" className="basis-full text-destructive text-sm">
          {display.blockedMessage}
        </p>
      )}
    </>
  );
}
