import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatDateTime } from '#domain/dates.ts';
import { INVITATION_SENT_MESSAGE, type InvitationSent } from '#domain/schemas/admin.ts';
import { buildBusinessUrl, type Origin, parseHost } from '#domain/tenancy.ts';
import { businessInvitations } from '../../db/schema/index.ts';
import { hashToken, newSessionToken } from '../../http/session-token.ts';
import type { AppDeps } from '../../http/types.ts';
import { renderMail } from '../mail/index.ts';
import { findBusinessById } from './businesses.ts';
import { BUSINESS_ALREADY_ONBOARDED, BUSINESS_NOT_ACTIVE, INVITATION_NOT_SENT } from './errors.ts';

const PRODUCT_NAME = 'Akwaaba POS';

/** An invitation link works for a week; the admin sends a new one after that. */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/**
 * Send Invite (platform §7 send-business-invitation): records who invited whom and when, and mails the
 * contact a personal onboarding link. The admin is told at once whether the mail left; a failed delivery is
 * still retried by the outbox, so the link stays valid.
 */
export async function sendInvitation(
  deps: AppDeps,
  request: FastifyRequest,
  { businessId, adminId }: { businessId: string; adminId: string },
): Promise<InvitationSent> {
  const db = deps.database.db;
  const business = await findBusinessById(db, businessId);
  if (business.isOnboarded) throw BUSINESS_ALREADY_ONBOARDED();
  if (!business.isActive) throw BUSINESS_NOT_ACTIVE();
  if (!business.email) throw INVITATION_NOT_SENT('this business has no contact email.');

  const token = newSessionToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const url = buildBusinessUrl(
    business.slug,
    publicOrigin(deps, request),
    deps.config.APP_DOMAIN,
    `/app/onboarding?invite=${token}`,
  );
  const [invitation] = await db
    .insert(businessInvitations)
    .values({
      businessId: business.id,
      sentByAdminId: adminId,
      sentTo: business.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    })
    .returning();

  const greeting = business.contactPerson ? `Hello ${business.contactPerson},` : 'Hello,';
  const mail = renderMail({
    businessName: PRODUCT_NAME,
    heading: `Set up ${business.name} on ${PRODUCT_NAME}`,
    paragraphs: [
      greeting,
      `Your business ${business.name} is ready on ${PRODUCT_NAME}. Open the link below to describe your business, create your owner account and choose your settings. It takes about five minutes.`,
      'Once you finish, you are signed in and can add your products and staff.',
    ],
    action: { label: 'Set up your business', url },
    footnote: `This link is personal: do not forward it. It expires on ${formatDateTime(expiresAt, business.timezone)}.`,
  });
  const result = await deps.mailer.sendNow({
    to: business.email,
    subject: `Your invitation to set up ${business.name} on ${PRODUCT_NAME}`,
    kind: 'invitation',
    businessId: business.id,
    ...mail,
  });
  await db
    .update(businessInvitations)
    .set({ mailId: result.id, deliveryError: result.ok ? null : result.error.slice(0, 1000) })
    .where(eq(businessInvitations.id, invitation!.id));
  if (!result.ok) throw INVITATION_NOT_SENT(result.error);

  return {
    invitation: {
      id: invitation!.id,
      sent_to: business.email,
      sent_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    },
    message: INVITATION_SENT_MESSAGE,
  };
}

/** Where the business apps are reached: PUBLIC_URL when set, else the address this request came to. */
function publicOrigin(deps: AppDeps, request: FastifyRequest): Origin {
  if (deps.config.PUBLIC_URL) {
    const url = new URL(deps.config.PUBLIC_URL);
    return { protocol: url.protocol, hostname: url.hostname, port: url.port };
  }
  const host = parseHost(request.host) ?? { hostname: 'localhost', port: String(deps.config.PORT) };
  return { protocol: `${request.protocol}:`, hostname: host.hostname, port: host.port };
}
