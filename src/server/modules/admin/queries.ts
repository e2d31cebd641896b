import { asc, desc } from 'drizzle-orm';
import type { AdminProfile, ContactRequestRow, InternalAdminRow } from '#domain/schemas/admin.ts';
import type { AppDb } from '../../db/client.ts';
import { contactRequests, internalAdmins } from '../../db/schema/index.ts';
import type { AdminActor } from '../../http/admin-session.ts';

export function toAdminProfile(admin: AdminActor['admin']): AdminProfile {
  return {
    id: admin.id,
    email: admin.email,
    full_name: admin.fullName,
    role: admin.role,
    last_login_at: admin.lastLoginAt?.toISOString() ?? null,
  };
}

/** Get-started requests from the public contact page, newest first. */
export async function listContactRequests(db: AppDb, limit: number): Promise<ContactRequestRow[]> {
  const rows = await db
    .select()
    .from(contactRequests)
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    business_name: row.businessName,
    contact_person: row.contactPerson,
    email: row.email,
    phone: row.phone,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Every internal admin, active first, then by name. */
export async function listInternalAdmins(db: AppDb): Promise<InternalAdminRow[]> {
  const rows = await db
    .select()
    .from(internalAdmins)
    .orderBy(desc(internalAdmins.isActive), asc(internalAdmins.fullName));
  return rows.map((row) => ({
    ...toAdminProfile(row),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  }));
}
