import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { verifyPassword } from '#server/modules/accounts/passwords.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'admin-create-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin:create -- …` as a person would, with the password on stdin. */
function run(args: string[], stdin: string) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, PORT: '4321' };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  const result = spawnSync(
    join(process.cwd(), 'node_modules/.bin/tsx'),
    ['scripts/admin-create.ts', ...args],
    {
      input: stdin,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function adminsInDataDir() {
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    return await database.query<{ email: string; full_name: string; role: string; password_hash: string }>(
      'select email, full_name, role, password_hash from internal_admins order by email',
    );
  } finally {
    await database.close();
  }
}

describe('npm run admin:create', () => {
  it('migrates the database and creates a super_admin with the password read from stdin', async () => {
    const result = run(
      ['--email', 'Efua@Akwaaba.Test', '--name', 'Efua Owusu', '--role', 'super_admin'],
      'a-long-secret-2026\n',
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(
      'Created super_admin Efua Owusu <efua@akwaaba.test>. Sign in at http://localhost:4321/admin/login',
    );
    const admins = await adminsInDataDir();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({
      email: 'efua@akwaaba.test',
      full_name: 'Efua Owusu',
      role: 'super_admin',
    });
    expect(await verifyPassword(admins[0]!.password_hash, 'a-long-secret-2026')).toBe(true);
  }, 90_000);

  it('refuses bad arguments, a short password and a taken email with clear messages', async () => {
    const badRole = run(
      ['--email', 'x@akwaaba.test', '--name', 'X', '--role', 'boss'],
      'a-long-secret-2026\n',
    );
    expect(badRole.status).toBe(2);
    expect(badRole.stderr).toContain('--role must be one of: admin, super_admin');
    expect(badRole.stderr).toContain('Usage: npm run admin:create');

    const missing = run(['--name', 'No Email'], 'a-long-secret-2026\n');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--email must be a valid email address');

    const unknown = run(['--email', 'x@akwaaba.test', '--name', 'X', '--colour', 'red'], 'pw\n');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--colour'");

    const short = run(['--email', 'y@akwaaba.test', '--name', 'Y'], 'short\n');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('The password must be at least 10 characters.');

    const taken = run(['--email', 'efua@akwaaba.test', '--name', 'Again'], 'a-long-secret-2026\n');
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim()).toBe('An internal admin with the email efua@akwaaba.test already exists.');

    expect((await adminsInDataDir()).map((a) => a.email)).toEqual(['efua@akwaaba.test']);
  }, 120_000);
});
