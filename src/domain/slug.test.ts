import { describe, expect, it } from 'vitest';
import { cleanAccessSlug, deriveSlug, isValidSlug } from './slug.ts';

describe('cleanAccessSlug (business access page)', () => {
  it('lower-cases, trims and keeps only letters, digits and hyphens', () => {
    expect(cleanAccessSlug('  Demo Shop! ')).toBe('demoshop');
    expect(cleanAccessSlug('Kofi-Mart 2')).toBe('kofi-mart2');
    expect(cleanAccessSlug('../etc/passwd')).toBe('etcpasswd');
    expect(cleanAccessSlug('Ama’s Café')).toBe('amascaf');
  });
});

describe('deriveSlug (new business name)', () => {
  it('turns spaces into hyphens and collapses them', () => {
    expect(deriveSlug('  Auntie Ama   Provisions ')).toBe('auntie-ama-provisions');
    expect(deriveSlug('Kofi -- Mart')).toBe('kofi-mart');
  });
  it('drops other characters and trims hyphens at the ends', () => {
    expect(deriveSlug('-Demo Shop!-')).toBe('demo-shop');
    expect(deriveSlug('Ama’s Café & Bar')).toBe('amas-cafe-bar');
  });
  it('writes Ghanaian and accented letters in ASCII instead of dropping them', () => {
    expect(deriveSlug('Ɔsɛbɔ Wholesale')).toBe('osebo-wholesale');
    expect(deriveSlug('ƐNYƐ ŊMƆ Provisions')).toBe('enye-nmo-provisions');
    expect(deriveSlug('Ʋeƒe Ɖeka Ɣe')).toBe('vefe-deka-ge');
    expect(deriveSlug('Crème Brûlée Niño')).toBe('creme-brulee-nino');
  });
  it('is cut to a DNS label of at most 63 characters without a trailing hyphen', () => {
    const slug = deriveSlug(`${'a'.repeat(62)} b`);
    expect(slug.length).toBeLessThanOrEqual(63);
    expect(slug.endsWith('-')).toBe(false);
  });
  it('gives an empty slug for a name with no letters or digits', () => {
    expect(deriveSlug('!!! ???')).toBe('');
  });
});

describe('isValidSlug', () => {
  it('accepts DNS labels', () => {
    expect(isValidSlug('demo')).toBe(true);
    expect(isValidSlug('kofi-mart-2')).toBe(true);
  });
  it('refuses empty, odd, over-long and reserved slugs', () => {
    for (const slug of [
      '',
      '-demo',
      'demo-',
      'de mo',
      '../',
      'ça',
      'a'.repeat(64),
      'a'.repeat(500),
      'www',
      'app',
    ]) {
      expect(isValidSlug(slug), slug).toBe(false);
    }
  });
});
