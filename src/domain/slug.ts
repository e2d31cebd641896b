import { transliterateToAscii } from './transliterate.ts';

// Slugs name a business in its subdomain, so they must be valid DNS labels.
export const SLUG_MAX_LENGTH = 63;
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

// Subdomains that belong to the product itself (platform §2 excludes www and app).
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['www', 'app', 'api', 'admin', 'mail', 'static']);

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug) && !RESERVED_SLUGS.has(slug);
}

/** Business access page (platform §5): lower-case, trim, keep only letters, digits and hyphens. */
export function cleanAccessSlug(input: string): string {
  return input
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9-]/g, '');
}

/**
 * Slug for a new business name (platform §5): lower-case, trim, drop all but letters, digits, spaces and
 * hyphens, spaces become hyphens, repeated hyphens collapse, no hyphen at either end. Cut to a DNS label.
 * Ghanaian and accented letters are written in ASCII first, so "Ɔsɛbɔ" keeps its letters as "osebo".
 */
export function deriveSlug(name: string): string {
  return transliterateToAscii(name)
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/**
 * A business name as the business access page compares names: lower case, letters and digits only
 * ('Demo Shop!' → 'demoshop'). Two businesses whose keys match could not be told apart there.
 */
export function businessNameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
