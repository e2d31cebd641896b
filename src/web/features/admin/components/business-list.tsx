import { ExternalLinkIcon, MailIcon, PhoneIcon, StickyNoteIcon, UserIcon } from 'lucide-react';
import { formatDate } from '#domain/dates.ts';
import type { AdminBusiness } from '#domain/schemas/admin.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { businessUrl } from '#web/lib/tenancy.ts';
import { SendInviteButton, ToggleActiveButton } from './business-actions.tsx';

const TIER_LABELS: Record<AdminBusiness['subscription_tier'], string> = {
  basic: 'Basic',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

/** Every business, newest first (platform §2 "Admin dashboard"), each with its actions. */
export function BusinessList({
  businesses,
  canDeactivate,
}: {
  businesses: AdminBusiness[];
  canDeactivate: boolean;
}) {
  return (
    <ul className="grid gap-3" aria-label="Businesses">
      {businesses.map((business) => (
        <BusinessRow key={business.id} business={business} canDeactivate={canDeactivate} />
      ))}
    </ul>
  );
}

function BusinessRow({ business, canDeactivate }: { business: AdminBusiness; canDeactivate: boolean }) {
  const address = businessUrl(business.slug, '/app');
  return (
    <li
      aria-label={business.name}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs md:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_auto] md:items-center"
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{business.name}</h3>
          {business.is_active ? (
            <Badge className="bg-emerald-600 text-white">Active</Badge>
          ) : (
            <Badge variant="destructive">Inactive</Badge>
          )}
          {business.is_onboarded ? (
            <Badge variant="secondary">Onboarded</Badge>
          ) : (
            <Badge variant="outline">Awaiting onboarding</Badge>
          )}
          <Badge variant="outline">{TIER_LABELS[business.subscription_tier]}</Badge>
        </div>
        <a
          href={address}
          target="_blank"
          rel="noreferrer"
          className="flex w-fit max-w-full items-center gap-1 truncate font-mono text-muted-foreground text-xs hover:text-primary"
        >
          <span className="truncate">{business.slug}</span>
          <ExternalLinkIcon className="size-3 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens the business app)</span>
        </a>
        <p className="text-muted-foreground text-xs">Created {formatDate(business.created_at)}</p>
      </div>

      <div className="grid min-w-0 gap-1 text-sm">
        {business.contact_person && (
          <p className="flex items-center gap-2">
            <UserIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{business.contact_person}</span>
          </p>
        )}
        {business.email && (
          <p className="flex items-center gap-2">
            <MailIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <a href={`mailto:${business.email}`} className="truncate hover:text-primary">
              {business.email}
            </a>
          </p>
        )}
        {business.phone && (
          <p className="flex items-center gap-2">
            <PhoneIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <a href={`tel:${business.phone.replace(/[^+\d]/g, '')}`} className="hover:text-primary">
              {business.phone}
            </a>
          </p>
        )}
        {business.notes && (
          <p className="flex items-start gap-2 text-muted-foreground">
            <StickyNoteIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span className="line-clamp-2">{business.notes}</span>
          </p>
        )}
        <p className="text-muted-foreground text-xs">
          {business.is_onboarded && business.onboarded_at
            ? `Onboarded ${formatDate(business.onboarded_at)}`
            : business.last_invitation
              ? `Invited ${formatDate(business.last_invitation.sent_at)} to ${business.last_invitation.sent_to}${business.last_invitation.sent_by ? ` by ${business.last_invitation.sent_by}` : ''}`
              : 'No invitation sent yet'}
        </p>
      </div>

      <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
        <SendInviteButton business={business} />
        <ToggleActiveButton business={business} canDeactivate={canDeactivate} />
      </div>
    </li>
  );
}
