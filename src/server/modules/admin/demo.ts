import type { Tx } from '../../db/client.ts';
import { internalAdmins } from '../../db/schema/index.ts';
import { hashPassword } from '../accounts/index.ts';

/** The demo's internal admin, printed at start-up so the admin area can be tried at once. */
export const DEMO_ADMIN = {
  email: 'admin@akwaaba.local',
  password: 'Admin@2026',
  fullName: 'Akosua Admin',
  role: 'super_admin',
} as const;

export async function seedDemoAdmin(tx: Tx): Promise<void> {
  await tx
    .insert(internalAdmins)
    .values({
      email: DEMO_ADMIN.email,
      fullName: DEMO_ADMIN.fullName,
      role: DEMO_ADMIN.role,
      passwordHash: await hashPassword(DEMO_ADMIN.password),
    })
    .onConflictDoNothing();
}

export function describeDemoAdmin(baseUrl: string): string[] {
  return [`Admin area:       ${baseUrl}/admin/login  (${DEMO_ADMIN.email} / ${DEMO_ADMIN.password})`];
}
