import { permissionsOf, type Role } from '#domain/permissions.ts';
import { loadConfig } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from './passwords.ts';
import { hashPin, readOrCreateStoredSecret } from './pins.ts';

// The Demo Shop's staff, one per role, each with a password and a PIN (printed by `npm start`).
export const DEMO_STAFF: {
  role: Role;
  email: string;
  password: string;
  pin: string;
  firstName: string;
  lastName: string;
  phone: string;
}[] = [
  {
    role: 'owner',
    email: 'owner@demo.shop',
    password: 'Owner@2026',
    pin: '111111',
    firstName: 'Akosua',
    lastName: 'Owusu',
    phone: '024 000 1111',
  },
  {
    role: 'manager',
    email: 'manager@demo.shop',
    password: 'Manager@2026',
    pin: '222222',
    firstName: 'Kwame',
    lastName: 'Mensah',
    phone: '024 000 2222',
  },
  {
    role: 'cashier',
    email: 'cashier@demo.shop',
    password: 'Cashier@2026',
    pin: '333333',
    firstName: 'Ama',
    lastName: 'Darko',
    phone: '024 000 3333',
  },
];

/** Demo step: the staff of the business 'demo'. */
export async function seedDemoStaff(
  tx: Tx,
  demo: { businesses: { id: string; slug: string }[] },
): Promise<void> {
  const shop = demo.businesses.find((business) => business.slug === 'demo');
  if (!shop) return;
  // Demo steps run before the app is built, so the PIN key is read the same way the app will read it.
  const secret = loadConfig().PIN_SECRET ?? (await readOrCreateStoredSecret(tx));
  for (const person of DEMO_STAFF) {
    await tx.insert(users).values({
      businessId: shop.id,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      role: person.role,
      permissions: permissionsOf(person.role),
      passwordHash: await hashPassword(person.password),
      pinHash: hashPin(secret, shop.id, person.pin),
    });
  }
}

export function describeDemoStaff(baseUrl: string): string[] {
  return [
    `Demo Shop sign-ins (${baseUrl}/app/auth?business=demo):`,
    ...DEMO_STAFF.map(
      (person) =>
        `  ${person.role.padEnd(8)} ${person.email.padEnd(19)} password ${person.password.padEnd(13)} PIN ${person.pin}`,
    ),
    '  PINs work on trusted tills: sign in as the owner, Employees > Till devices > Trust this device as a till.',
  ];
}
