// Ghanaian languages write letters that have no ASCII form (Twi/Fante ɔ ɛ, Ga/Ewe ŋ, Ewe ɖ ƒ ɣ ʋ). Slugs and
// SKUs keep only ASCII letters and digits, so these are turned into their nearest Latin letter first instead
// of being dropped ("Ɔsɛbɔ" → "Osebo", not "sb").
const GHANAIAN_LETTERS: Readonly<Record<string, string>> = {
  Ɔ: 'O',
  ɔ: 'o',
  Ɛ: 'E',
  ɛ: 'e',
  Ŋ: 'N',
  ŋ: 'n',
  Ɖ: 'D',
  ɖ: 'd',
  Ƒ: 'F',
  ƒ: 'f',
  Ɣ: 'G',
  ɣ: 'g',
  Ʋ: 'V',
  ʋ: 'v',
};
const GHANAIAN_LETTER = new RegExp(`[${Object.keys(GHANAIAN_LETTERS).join('')}]`, 'g');

/**
 * The text with Ghanaian letters and accented Latin letters (é, ô, ñ…) written in plain ASCII letters;
 * everything else is left as it is for the caller to keep or strip.
 */
export function transliterateToAscii(text: string): string {
  return text
    .replace(GHANAIAN_LETTER, (letter) => GHANAIAN_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}
