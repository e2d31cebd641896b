import { RefreshCwIcon } from 'lucide-react';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { existingTillId } from '#web/lib/till-id.ts';
import { useDisplayPairing } from './api/display-pairing.ts';
import { DisplayScreen } from './components/display-screen.tsx';
import { PairingForm } from './components/pairing-form.tsx';
import { useChannelFeed, usePairedFeed } from './hooks/use-display-feed.ts';

/**
 * /app/customer-display (operations §2 Customer display; no permission guard). A display follows a till in
 * one of two ways: paired on another device (the server's event stream), or as a window of the till's own
 * browser (the BroadcastChannel), which this browser has when it has been a till of the business. A device
 * that is neither is offered the pairing form.
 */
export default function CustomerDisplayPage() {
  const slug = useBusinessSlug();
  const pairing = useDisplayPairing();
  const isLocal = existingTillId(slug) !== null;
  const paired = pairing.data ?? null;
  const channelFeed = useChannelFeed(slug, !paired && pairing.isSuccess && isLocal);
  const remote = usePairedFeed(slug, paired);

  if (pairing.isPending) return <PageSpinner label="Loading the customer display" />;
  if (pairing.isError && !isLocal) {
    return (
      <main className="grid min-h-dvh place-content-center justify-items-center gap-3 p-6 text-center">
        <p role="alert" className="text-xl">
          Could not reach the server: {pairing.error.message}
        </p>
        <Button variant="outline" onClick={() => pairing.refetch()}>
          <RefreshCwIcon aria-hidden="true" /> Try again
        </Button>
      </main>
    );
  }
  if (paired && !remote.isUnpaired) {
    return (
      <DisplayScreen
        feed={remote.feed}
        notice={remote.status === 'reconnecting' ? 'Reconnecting to the till…' : null}
      />
    );
  }
  if (isLocal && !remote.isUnpaired) return <DisplayScreen feed={channelFeed} />;
  return <PairingForm notice={remote.isUnpaired ? 'This display was unpaired from the till.' : null} />;
}
