import { describe, expect, it } from 'vitest';
import { transliterateToAscii } from './transliterate.ts';

describe('transliterateToAscii', () => {
  it('writes the Ghanaian letters as their nearest Latin letter, keeping case', () => {
    expect(transliterateToAscii('Ɔsɛbɔ ƐŊ ŋ')).toBe('Osebo EN n');
    expect(transliterateToAscii('Ɖɖ Ƒƒ Ɣɣ Ʋʋ')).toBe('Dd Ff Gg Vv');
  });
  it('strips the accents of Latin letters, also from letters written as base + combining mark', () => {
    expect(transliterateToAscii('Crème Brûlée Niño')).toBe('Creme Brulee Nino');
    expect(transliterateToAscii('ɔ\u0301 e\u0300')).toBe('o e');
  });
  it('leaves everything else for the caller to keep or strip', () => {
    expect(transliterateToAscii('Ama’s 50% & ₵')).toBe('Ama’s 50% & ₵');
  });
});
