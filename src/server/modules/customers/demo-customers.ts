import type { Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

// Regular customers of the demo shops. Their stats start at 0: only the demo sales made after them count.
const REGULARS: Record<string, { name: string; phone: string | null; email: string | null }[]> = {
  demo: [
    { name: 'Akosua Darko', phone: '+233 24 555 0101', email: 'akosua.darko@example.com' },
    { name: 'Efua Mensah', phone: '+233 20 555 0102', email: null },
    { name: 'Kwabena Owusu', phone: '+233 27 555 0103', email: 'kwabena@example.com' },
    { name: 'Yaa Asantewaa', phone: null, email: 'yaa.asantewaa@example.com' },
    { name: 'Kojo Antwi', phone: '+233 55 555 0105', email: null },
  ],
  'kofi-mart': [{ name: 'Adwoa Sarpong', phone: '+233 24 555 0201', email: null }],
};

export async function seedDemoCustomers(tx: Tx, demo: { businesses: { id: string; slug: string }[] }) {
  for (const business of demo.businesses) {
    const regulars = REGULARS[business.slug];
    if (!regulars) continue;
    await tx.insert(customers).values(regulars.map((regular) => ({ businessId: business.id, ...regular })));
  }
}
