import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ContactRequest, PublicBusiness } from '#domain/schemas/contact-request.ts';
import { businessNameKey, cleanAccessSlug } from '#domain/slug.ts';
import type { AppDb, Queryable, Tx } from '../../db/client.ts';
import { businesses, contactRequests } from '../../db/schema/index.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import type { PublicUseCaseRequest } from '../use-case.ts';

/** The fields of a business anyone may see (its app's sign-in page shows them). */
export function toPublicBusiness(row: BusinessRow): PublicBusiness {
  return {
    name: row.name,
    slug: row.slug,
    logo_url: row.logoUrl,
    is_active: row.isActive,
    currency: row.currency,
    timezone: row.timezone,
    theme_colors: row.themeColors,
  };
}

/**
 * Business access page: the typed text is a slug or a business name. The cleaned slug wins; otherwise a
 * name that matches ignoring case, spaces and punctuation ('Demo Shop!' finds "Demo Shop") when exactly one
 * active business has it.
 */
export async function lookupBusiness(
  db: AppDb,
  query: string,
): Promise<{ slug: string; name: string } | null> {
  const slug = cleanAccessSlug(query).slice(0, 100);
  const nameKey = businessNameKey(query).slice(0, 200);
  if (!slug && !nameKey) return null;
  const [bySlug] = await db
    .select({ slug: businesses.slug, name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.slug, slug), eq(businesses.isActive, true)))
    .limit(1);
  if (bySlug) return bySlug;
  if (!nameKey) return null;
  const byName = await db
    .select({ slug: businesses.slug, name: businesses.name })
    .from(businesses)
    .where(and(hasNameKey(nameKey), eq(businesses.isActive, true)))
    .limit(2);
  return byName.length === 1 ? byName[0]! : null;
}

export async function listShowcase(db: AppDb, slugs: string[]) {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ slug: businesses.slug, name: businesses.name, business_type: businesses.businessType })
    .from(businesses)
    .where(and(inArray(businesses.slug, slugs), eq(businesses.isActive, true)));
  return slugs.flatMap((slug) => rows.filter((row) => row.slug === slug));
}

/** A get-started request from the contact page, kept for the admins (docs/decisions.md "Public site"). */
export async function saveContactRequest({ input }: PublicUseCaseRequest<ContactRequest>, tx: Tx) {
  const [row] = await tx
    .insert(contactRequests)
    .values({
      businessName: input.business_name,
      contactPerson: input.contact_person,
      email: input.email,
      phone: input.phone,
      message: input.message ?? '',
    })
    .returning({ id: contactRequests.id, created_at: contactRequests.createdAt });
  return row!;
}

// businessNameKey (src/domain/slug.ts) in SQL.
const hasNameKey = (key: string) =>
  sql`regexp_replace(lower(${businesses.name}), '[^a-z0-9]', '', 'g') = ${key}`;

/**
 * Whether a business, active or not, already has a name the access page could not tell from this one. A new
 * business must not make an existing one unreachable by name.
 */
export async function isBusinessNameTaken(db: Queryable, name: string): Promise<boolean> {
  const key = businessNameKey(name);
  if (!key) return false;
  const [row] = await db.select({ id: businesses.id }).from(businesses).where(hasNameKey(key)).limit(1);
  return row !== undefined;
}
