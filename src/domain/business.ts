// Business-level constants shared by the admin area, onboarding and settings (platform §2, §3, §9).

export const POS_FEATURES = [
  'inventory_management',
  'customer_management',
  'employee_management',
  'barcode_scanning',
  'receipt_printing',
  'dual_screen_display',
  'mobile_payments',
  'loyalty_program',
] as const;
export type PosFeature = (typeof POS_FEATURES)[number];
export const DEFAULT_POS_FEATURES: PosFeature[] = ['inventory_management', 'customer_management'];

export const BUSINESS_TYPES = [
  'Retail Store',
  'Restaurant/Food Service',
  'Pharmacy',
  'Electronics Store',
  'Clothing Store',
  'Grocery Store',
  'Service Business',
  'Other',
] as const;

export const CURRENCIES = ['GHS', 'USD', 'EUR'] as const;
export const TIMEZONES = ['Africa/Accra', 'UTC'] as const;
export const SUBSCRIPTION_TIERS = ['basic', 'premium', 'enterprise'] as const;

export const DEFAULT_THEME_COLORS = {
  primary: '#3b82f6',
  secondary: '#64748b',
  accent: '#10b981',
  background: '#ffffff',
  text: '#1f2937',
};
