import type { FastifyRequest } from 'fastify';
import { formatDateTime } from '#domain/dates.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { businessLink } from '../accounts/index.ts';
import { renderMail } from '../mail/index.ts';
import type { IssuedPin } from './service.ts';

/**
 * The resend-email function of operations §7: mails a person their issued PIN at once, so the manager is
 * told whether it left. A failed delivery stays in the outbox and is retried; the PIN is valid either way.
 */
export async function mailIssuedPin(
  deps: AppDeps,
  request: FastifyRequest,
  business: Pick<BusinessRow, 'id' | 'name' | 'slug' | 'timezone'>,
  issued: IssuedPin,
): Promise<{ sent: true } | { sent: false; error: string }> {
  const { row, pin, expiresAt } = issued;
  const url = businessLink(deps, request, business.slug, '/app/auth?mode=pin');
  const expires = formatDateTime(expiresAt, business.timezone);
  const mail = renderMail({
    businessName: business.name,
    heading: row.isFirstLogin ? `Welcome to ${business.name}` : `Your new PIN for ${business.name}`,
    paragraphs: [
      `Hello ${row.firstName},`,
      row.isFirstLogin
        ? `An account has been made for you at ${business.name} as ${row.role}. Sign in at one of the shop's tills with this PIN: ${pin}`
        : `Your manager has given you a new PIN for ${business.name}: ${pin}`,
      'After signing in with it you choose your own six-digit PIN, which replaces this one. Keep it to yourself.',
    ],
    action: { label: 'Open the sign-in page', url },
    footnote: `This PIN expires on ${expires}. Ask your manager for a new one after that.`,
  });
  const result = await deps.mailer.sendNow({
    to: row.email,
    subject: `Your PIN for ${business.name}`,
    kind: 'employee_pin',
    businessId: business.id,
    ...mail,
  });
  if (!result.ok) return { sent: false, error: result.error };
  // Without SMTP the mail is only kept for the development mailbox: nobody received it.
  if (!deps.mailer.delivers) {
    return {
      sent: false,
      error: 'no mail server is set up (SMTP_URL); the mail is in the development mailbox',
    };
  }
  return { sent: true };
}
