import type { OnboardingStart } from '#domain/schemas/onboarding.ts';
import type { Tx } from '../../db/client.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import type { GuestUseCaseRequest } from '../use-case.ts';
import { refuseIfOnboarded, requireValidInvitation } from './invitations.ts';

/**
 * Opening the invitation link (platform §2 "Business onboarding"): what the wizard shows, once the business is
 * known not to be onboarded and the invitation is unused and unexpired.
 */
export async function startOnboarding(
  {
    input: { business, invite, now },
  }: GuestUseCaseRequest<{ business: BusinessRow; invite: string; now: Date }>,
  tx: Tx,
): Promise<OnboardingStart> {
  await refuseIfOnboarded(tx, business);
  const invitation = await requireValidInvitation(tx, business.id, invite, now);
  return {
    business: {
      id: business.id,
      name: business.name,
      slug: business.slug,
      email: business.email,
      phone: business.phone,
      address: business.address,
      contact_person: business.contactPerson,
      business_description: business.businessDescription,
      business_type: business.businessType,
      operating_hours: business.operatingHours,
      logo_url: business.logoUrl,
      tax_id: business.taxId,
      receipt_footer: business.receiptFooter,
      currency: business.currency,
      timezone: business.timezone,
      pos_features: business.posFeatures,
    },
    invitation: { sent_to: invitation.sentTo, expires_at: invitation.expiresAt.toISOString() },
  };
}
