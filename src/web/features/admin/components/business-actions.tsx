import { MailIcon, PauseCircleIcon, PlayCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminBusiness } from '#domain/schemas/admin.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useSendInvitation } from '../api/send-invitation.ts';
import { useSetBusinessActive } from '../api/set-business-active.ts';

const INVITATION_FAILED_PREFIX = 'Failed to send invitation';

/** platform §7/§8: 'Invitation email sent successfully!' or 'Failed to send invitation: {message}'. */
export function SendInviteButton({ business }: { business: AdminBusiness }) {
  const send = useSendInvitation();
  const hintId = useId();
  const reason = business.is_onboarded
    ? 'Already onboarded'
    : business.is_active
      ? null
      : 'Activate the business first';
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={reason !== null || send.isPending}
        aria-describedby={reason ? hintId : undefined}
        onClick={() =>
          send.mutate(business.id, {
            onSuccess: (sent) =>
              toast.success(sent.message, { description: `Sent to ${sent.invitation.sent_to}` }),
            onError: (error) =>
              toast.error(
                error.message.startsWith(INVITATION_FAILED_PREFIX)
                  ? error.message
                  : `${INVITATION_FAILED_PREFIX}: ${error.message}`,
              ),
          })
        }
      >
        {send.isPending ? <Spinner label="Sending" /> : <MailIcon aria-hidden="true" />}
        {send.isPending ? 'Sending...' : 'Send Invite'}
      </Button>
      {reason && (
        <span id={hintId} className="sr-only">
          {reason}
        </span>
      )}
    </>
  );
}

/** Activate or Deactivate, each confirmed first; deactivating needs a super admin. */
export function ToggleActiveButton({
  business,
  canDeactivate,
}: {
  business: AdminBusiness;
  canDeactivate: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const setActive = useSetBusinessActive();
  const hintId = useId();
  const willActivate = !business.is_active;
  const isBlocked = !willActivate && !canDeactivate;

  const confirm = () =>
    setActive.mutate(
      { businessId: business.id, isActive: willActivate },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(willActivate ? `${business.name} is active` : `${business.name} is deactivated`);
        },
        onError: (error) => {
          setOpen(false);
          toast.error(error.message);
        },
      },
    );

  return (
    <>
      <Button
        variant={willActivate ? 'default' : 'outline'}
        size="sm"
        disabled={isBlocked}
        aria-describedby={isBlocked ? hintId : undefined}
        title={isBlocked ? 'Only a super admin can deactivate a business' : undefined}
        onClick={() => setOpen(true)}
        className={willActivate ? undefined : 'text-destructive hover:text-destructive'}
      >
        {willActivate ? <PlayCircleIcon aria-hidden="true" /> : <PauseCircleIcon aria-hidden="true" />}
        {willActivate ? 'Activate' : 'Deactivate'}
      </Button>
      {isBlocked && (
        <span id={hintId} className="sr-only">
          Only a super admin can deactivate a business
        </span>
      )}
      <AlertDialog open={isOpen} onOpenChange={(open) => setActive.isPending || setOpen(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {willActivate ? `Activate ${business.name}?` : `Deactivate ${business.name}?`}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {willActivate
                ? 'Its staff can sign in and sell again straight away.'
                : 'Its staff are stopped at their next action, even those signed in now, until the business is activated again. Nothing is deleted.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={setActive.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={willActivate ? undefined : buttonVariants({ variant: 'destructive' })}
              disabled={setActive.isPending}
              onClick={(event) => {
                // Stay open until the server has answered.
                event.preventDefault();
                confirm();
              }}
            >
              {setActive.isPending && <Spinner label="Saving" />}
              {willActivate ? 'Activate' : 'Deactivate'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
