import { BUSINESS_TYPES } from '../business.ts';

// A new shop cannot add a product without a category, so it starts with a few that fit its trade. They are
// ordinary categories: the owner renames, reorders or removes them like any other.

type BusinessType = (typeof BUSINESS_TYPES)[number];

const BY_BUSINESS_TYPE: Record<BusinessType, readonly string[]> = {
  'Retail Store': ['Provisions', 'Beverages', 'Toiletries & Household', 'Snacks', 'General'],
  'Restaurant/Food Service': ['Main Dishes', 'Sides', 'Drinks', 'Desserts', 'Snacks'],
  Pharmacy: [
    'Prescription Medicines',
    'Over-the-Counter',
    'Vitamins & Supplements',
    'Personal Care',
    'Medical Supplies',
  ],
  'Electronics Store': ['Phones & Tablets', 'Computers', 'Audio & TV', 'Accessories', 'Home Appliances'],
  'Clothing Store': ['Women', 'Men', 'Children', 'Shoes', 'Accessories'],
  'Grocery Store': ['Staples', 'Fresh Produce', 'Provisions', 'Beverages', 'Toiletries & Household'],
  'Service Business': ['Services', 'Packages', 'Products'],
  Other: ['General', 'Food & Drinks', 'Household', 'Services'],
};

/** The categories a new shop starts with, in order; a shop whose type is not known gets the general set. */
export function starterCategories(businessType: string | null | undefined): readonly string[] {
  const type = BUSINESS_TYPES.find((known) => known === businessType) ?? 'Other';
  return BY_BUSINESS_TYPE[type];
}
