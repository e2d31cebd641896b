import { transliterateToAscii } from '../transliterate.ts';

// operations §9: a generated SKU is the first 8 letters and digits of the name in upper case, a dash, then
// 4 random upper-case alphanumerics.

const SKU_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const STEM_LENGTH = 8;
const SUFFIX_LENGTH = 4;

/** `random` returns a number in [0, 1); injectable so tests can pin the suffix. */
export function generateSku(name: string, random: () => number = Math.random): string {
  // Ghanaian and accented letters count as letters: "Ɔbɛ Fried Yam" → "OBEFRIED", not "BFRIEDYA".
  const stem = transliterateToAscii(name.normalize('NFKC'))
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, STEM_LENGTH)
    .toUpperCase();
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) {
    suffix += SKU_ALPHABET[Math.floor(random() * SKU_ALPHABET.length) % SKU_ALPHABET.length];
  }
  return `${stem}-${suffix}`;
}
