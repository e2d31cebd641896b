import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./.data');
    expect(config.APP_DOMAIN).toBe('localhost');
    expect(config.SHOWCASE_SLUGS).toEqual(['demo', 'kofi-mart', 'adjoa-pharmacy', 'osu-electronics']);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_DOMAIN: 'bad domain!',
        SEED_DEMO: 'maybe',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT: must be a port number/);
      expect(problems.join('\n')).toMatch(/DATABASE_URL: must be a postgres/);
      expect(problems.join('\n')).toMatch(/APP_DOMAIN: must be a host name/);
      expect(problems.join('\n')).toMatch(/SEED_DEMO: must be true or false/);
    }
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads SINGLE_BUSINESS as a slug, unset when empty, and refuses one that cannot be a slug', () => {
    expect(loadConfig({}).SINGLE_BUSINESS).toBeUndefined();
    expect(loadConfig({ SINGLE_BUSINESS: ' ' }).SINGLE_BUSINESS).toBeUndefined();
    expect(loadConfig({ SINGLE_BUSINESS: ' Kofi-Mart ' }).SINGLE_BUSINESS).toBe('kofi-mart');
    for (const value of ['kofi mart', 'www', '-shop']) {
      expect(() => loadConfig({ SINGLE_BUSINESS: value }), value).toThrow(
        /SINGLE_BUSINESS: must be the slug of a business/,
      );
    }
  });
});
