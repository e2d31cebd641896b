import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '../business.ts';
import { starterCategories } from './starter-categories.ts';

describe('starter categories of a new shop', () => {
  it('fit the business type', () => {
    expect(starterCategories('Pharmacy')).toContain('Over-the-Counter');
    expect(starterCategories('Clothing Store')).toEqual(['Women', 'Men', 'Children', 'Shoes', 'Accessories']);
  });
  it('give every business type a few distinct categories', () => {
    for (const type of BUSINESS_TYPES) {
      const names = starterCategories(type);
      expect(names.length).toBeGreaterThanOrEqual(3);
      expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
    }
  });
  it('give a shop of unknown type the general set', () => {
    expect(starterCategories(null)).toEqual(starterCategories('Other'));
    expect(starterCategories('Bakery')).toEqual(['General', 'Food & Drinks', 'Household', 'Services']);
  });
});
