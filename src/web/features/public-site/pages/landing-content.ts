import {
  ChartColumnIcon,
  CloudIcon,
  ContactIcon,
  KeyRoundIcon,
  type LucideIcon,
  MonitorSmartphoneIcon,
  PackageIcon,
  PrinterIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  SmartphoneIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';

export type Feature = { icon: LucideIcon; title: string; description: string };

// platform §1: every feature the landing page advertises.
export const FEATURES: readonly Feature[] = [
  {
    icon: ShoppingCartIcon,
    title: 'Modern point of sale',
    description:
      'Ring up sales in seconds with search, barcode scanning and a till that works on any screen.',
  },
  {
    icon: WalletIcon,
    title: 'Multiple payment methods',
    description: 'Take cash, card and mobile money: MTN MoMo, Telecel Cash and AirtelTigo Money.',
  },
  {
    icon: ChartColumnIcon,
    title: 'Analytics and reporting',
    description: 'See today’s takings, best sellers and trends at a glance, in cedis, in your own timezone.',
  },
  {
    icon: UsersIcon,
    title: 'Team management',
    description: 'Give owners, managers and cashiers exactly the access their job needs.',
  },
  {
    icon: CloudIcon,
    title: 'Cloud access',
    description: 'Check on your shop from anywhere. Your records are backed up, not stuck in one machine.',
  },
  {
    icon: PackageIcon,
    title: 'Real-time inventory',
    description: 'Stock updates with every sale, with low-stock warnings before the shelf runs empty.',
  },
  {
    icon: ContactIcon,
    title: 'Customer management',
    description: 'Know your regulars: purchase history, contact details and loyalty in one place.',
  },
  {
    icon: MonitorSmartphoneIcon,
    title: 'Dual-screen customer display',
    description: 'Show customers their items and total on a second screen as you ring them up.',
  },
  {
    icon: SmartphoneIcon,
    title: 'Mobile-friendly interface',
    description: 'Works on the phone in your pocket, a tablet on the counter or a desktop in the office.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Per-business data isolation',
    description: 'Every shop’s data is kept apart from every other’s, enforced at the database itself.',
  },
  {
    icon: KeyRoundIcon,
    title: 'PIN-based quick login',
    description: 'Cashiers sign in with a short PIN, so changing shifts takes seconds, not minutes.',
  },
  {
    icon: PrinterIcon,
    title: 'Receipt printing',
    description: 'Print or share clear receipts with your shop’s name, tax ID and a thank-you note.',
  },
];

export const PAYMENT_METHODS = ['Cash', 'Card', 'MTN MoMo', 'Telecel Cash', 'AirtelTigo Money'] as const;

export const BENEFITS: readonly string[] = [
  'Set up on a call with our team, then invite your staff by email',
  'Prices, receipts and reports in Ghana cedis (₵), on Accra time',
  'No special hardware: use the phone, tablet or computer you already have',
  'Your shop gets its own web address',
  'Every sale, refund and stock change recorded, so closing time adds up',
  'One clear monthly price, no hidden charges',
];

export type Plan = {
  tier: 'basic' | 'premium' | 'enterprise';
  name: string;
  /** Monthly price in pesewas; null when it is agreed per business. */
  monthlyPesewas: number | null;
  description: string;
  highlights: readonly string[];
  isFeatured?: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    tier: 'basic',
    name: 'Basic',
    monthlyPesewas: 14900,
    description: 'For a single shop getting started.',
    highlights: [
      'Point of sale and inventory',
      'Cash, card and mobile money',
      'Receipt printing',
      'Daily sales reports',
    ],
  },
  {
    tier: 'premium',
    name: 'Premium',
    monthlyPesewas: 29900,
    description: 'For busy shops with a team.',
    highlights: [
      'Everything in Basic',
      'Team roles and PIN quick login',
      'Dual-screen customer display',
      'Customer management and loyalty',
      'Full analytics and reporting',
    ],
    isFeatured: true,
  },
  {
    tier: 'enterprise',
    name: 'Enterprise',
    monthlyPesewas: null,
    description: 'For chains and larger operations.',
    highlights: [
      'Everything in Premium',
      'Priority phone support',
      'Onboarding for every branch',
      'Custom receipts',
    ],
  },
];
