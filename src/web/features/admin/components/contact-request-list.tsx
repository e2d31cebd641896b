import { InboxIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { formatDateTime } from '#domain/dates.ts';
import type { ContactRequestRow } from '#domain/schemas/admin.ts';

/** Get-started requests from the public contact page, newest first; each is promised a call within 24 hours. */
export function ContactRequestList({ requests }: { requests: ContactRequestRow[] }) {
  if (requests.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-10 text-center text-muted-foreground">
        <InboxIcon className="size-8" aria-hidden="true" />
        <p>No contact requests yet.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Contact requests">
      {requests.map((request) => (
        <li key={request.id} className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 className="font-semibold">{request.business_name}</h3>
            <time dateTime={request.created_at} className="text-muted-foreground text-xs">
              {formatDateTime(request.created_at)}
            </time>
          </div>
          <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <span>{request.contact_person}</span>
            <a href={`mailto:${request.email}`} className="flex items-center gap-1.5 hover:text-primary">
              <MailIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
              {request.email}
            </a>
            <a
              href={`tel:${request.phone.replace(/[^+\d]/g, '')}`}
              className="flex items-center gap-1.5 hover:text-primary"
            >
              <PhoneIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
              {request.phone}
            </a>
          </div>
          {request.message && (
            <p className="whitespace-pre-line rounded-lg bg-muted/50 p-3 text-muted-foreground text-sm">
              {request.message}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
