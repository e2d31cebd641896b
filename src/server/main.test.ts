import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('server start-up', () => {
  it('exits non-zero naming each bad variable, with no stack trace', () => {
    const result = spawnSync('node_modules/.bin/tsx', ['src/server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://nope', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORT: must be a port number');
    expect(result.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(result.stderr).toContain('LOG_LEVEL');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
