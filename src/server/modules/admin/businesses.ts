import { count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  type AdminBusiness,
  type BusinessCounts,
  type CreateBusiness,
  type SlugCheck,
  slugProblem,
  slugTakenMessage,
} from '#domain/schemas/admin.ts';
import { deriveSlug } from '#domain/slug.ts';
import type { AppDb, Queryable, Tx } from '../../db/client.ts';
import {
  businessAdminNotes,
  businesses,
  businessInvitations,
  internalAdmins,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/search.ts';
import { createBusiness as insertBusiness } from '../businesses/index.ts';
import type { AdminUseCaseRequest } from '../use-case.ts';
import { ADMIN_BUSINESS_NOT_FOUND, SLUG_TAKEN, SLUG_UNUSABLE } from './errors.ts';

// Businesses as the provider's staff see them: every business, across tenants (platform §7 "Admin").

type BusinessRow = typeof businesses.$inferSelect;

/** Every business, newest first, optionally narrowed by a search of name, slug, email or contact person. */
export async function listBusinesses(db: AppDb, search: string): Promise<AdminBusiness[]> {
  const pattern = containsPattern(search);
  const rows = await db
    .select({ business: businesses, notes: businessAdminNotes.notes })
    .from(businesses)
    .leftJoin(businessAdminNotes, eq(businessAdminNotes.businessId, businesses.id))
    .where(
      search
        ? or(
            ilike(businesses.name, pattern),
            ilike(businesses.slug, pattern),
            ilike(businesses.email, pattern),
            ilike(businesses.contactPerson, pattern),
          )
        : undefined,
    )
    .orderBy(desc(businesses.createdAt), desc(businesses.id));
  const lastInvitations = await latestInvitations(
    db,
    rows.map((row) => row.business.id),
  );
  return rows.map((row) => toAdminBusiness(row.business, row.notes, lastInvitations.get(row.business.id)));
}

async function latestInvitations(db: Queryable, businessIds: string[]) {
  if (businessIds.length === 0) return new Map<string, AdminBusiness['last_invitation']>();
  const rows = await db
    .selectDistinctOn([businessInvitations.businessId], {
      businessId: businessInvitations.businessId,
      sentAt: businessInvitations.createdAt,
      sentTo: businessInvitations.sentTo,
      sentBy: internalAdmins.fullName,
    })
    .from(businessInvitations)
    .leftJoin(internalAdmins, eq(internalAdmins.id, businessInvitations.sentByAdminId))
    .where(inArray(businessInvitations.businessId, businessIds))
    .orderBy(businessInvitations.businessId, desc(businessInvitations.createdAt));
  return new Map(
    rows.map((row) => [
      row.businessId,
      { sent_at: row.sentAt.toISOString(), sent_to: row.sentTo, sent_by: row.sentBy },
    ]),
  );
}

export async function countBusinesses(db: AppDb): Promise<BusinessCounts> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${businesses.isActive})`.mapWith(Number),
    })
    .from(businesses);
  const total = row?.total ?? 0;
  const active = row?.active ?? 0;
  return { total, active, inactive: total - active };
}

/** Whether a name gives a web address that is free (shown in the create dialog as the admin types). */
export async function checkSlug(db: AppDb, name: string): Promise<SlugCheck> {
  const slug = deriveSlug(name);
  const problem = slugProblem(name);
  if (problem) return { slug, is_available: false, message: problem };
  const [taken] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.slug, slug))
    .limit(1);
  return taken
    ? { slug, is_available: false, message: slugTakenMessage(slug) }
    : { slug, is_available: true, message: null };
}

/**
 * platform §7 "Insert business": slug derived from the name, then the businesses module's defaults (GHS,
 * Africa/Accra, default theme colours, active). A taken slug is refused with a message on the name field;
 * nothing is written.
 */
export async function createBusiness(
  { admin, input }: AdminUseCaseRequest<CreateBusiness>,
  tx: Tx,
): Promise<AdminBusiness> {
  const slug = deriveSlug(input.name);
  const problem = slugProblem(input.name);
  if (problem) throw SLUG_UNUSABLE(problem);
  const created = await insertBusiness(
    {
      name: input.name,
      slug,
      email: input.email,
      phone: input.phone,
      address: input.address ?? '',
      contactPerson: input.contact_person,
      subscriptionTier: input.subscription_tier,
    },
    tx,
  );
  if (!created) throw SLUG_TAKEN(slug);
  if (input.notes) {
    await tx
      .insert(businessAdminNotes)
      .values({ businessId: created.business.id, notes: input.notes, writtenByAdminId: admin.adminId });
  }
  return toAdminBusiness(created.business, input.notes ?? null, null);
}

/** Activates or deactivates a business; its staff are refused on their next request while it is inactive. */
export async function setBusinessActive(
  {
    input: { businessId, isActive, now },
  }: AdminUseCaseRequest<{ businessId: string; isActive: boolean; now: Date }>,
  tx: Tx,
): Promise<AdminBusiness> {
  const updated = await tx
    .update(businesses)
    .set({ isActive, updatedAt: now })
    .where(eq(businesses.id, businessId))
    .returning({ id: businesses.id });
  if (updated.length === 0) throw ADMIN_BUSINESS_NOT_FOUND();
  const [row] = await listRow(tx, businessId);
  return row!;
}

async function listRow(db: Queryable, businessId: string): Promise<AdminBusiness[]> {
  const rows = await db
    .select({ business: businesses, notes: businessAdminNotes.notes })
    .from(businesses)
    .leftJoin(businessAdminNotes, eq(businessAdminNotes.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  const invitations = await latestInvitations(db, [businessId]);
  return rows.map((row) => toAdminBusiness(row.business, row.notes, invitations.get(businessId)));
}

export async function findBusinessById(db: AppDb, businessId: string): Promise<BusinessRow> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!row) throw ADMIN_BUSINESS_NOT_FOUND();
  return row;
}

function toAdminBusiness(
  row: BusinessRow,
  notes: string | null,
  lastInvitation: AdminBusiness['last_invitation'] | undefined,
): AdminBusiness {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    address: row.address,
    contact_person: row.contactPerson,
    subscription_tier: row.subscriptionTier,
    is_active: row.isActive,
    is_onboarded: row.isOnboarded,
    onboarded_at: row.onboardedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    notes,
    last_invitation: lastInvitation ?? null,
  };
}
