// `npm run admin:create -- --email … --name … --role super_admin`: creates an internal admin (platform §1).
// The password is asked for (hidden) on a terminal, or read from the first line of stdin otherwise:
//   printf '%s\n' "$PASSWORD" | npm run admin:create -- --email a@b.com --name "Ama" --role admin
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_ROLES } from '#domain/permissions.ts';
import { emailField, requiredText } from '#domain/schemas/fields.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { internalAdmins } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/modules/accounts/index.ts';

const USAGE = `Usage: npm run admin:create -- --email EMAIL --name "FULL NAME" [--role admin|super_admin]

Creates an internal admin of the admin area (default role: admin). The password is asked for on a terminal,
or read from the first line of standard input (at least 10 characters).`;

const MIN_PASSWORD_LENGTH = 10;

const argsSchema = z.object({
  email: emailField('--email must be a valid email address'),
  name: requiredText('--name is required', 120, '--name must be at most 120 characters'),
  role: z.enum(ADMIN_ROLES, { error: `--role must be one of: ${ADMIN_ROLES.join(', ')}` }).default('admin'),
});

class UsageError extends Error {}

function readArgs(argv: string[]) {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  return parsed.data;
}

/** Reads a line from a terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new UsageError('Cancelled.'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    input.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const password = await promptHidden('Password: ');
    const again = await promptHidden('Repeat the password: ');
    if (password !== again) throw new UsageError('The two passwords do not match.');
    return password;
  }
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

async function main(): Promise<number> {
  let args: ReturnType<typeof readArgs>;
  let password: string;
  try {
    args = readArgs(process.argv.slice(2));
    password = await readPassword();
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new UsageError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  // The same database the server opens: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR.
  const database = await openDatabase(
    config.DATABASE_URL
      ? { driver: 'pg', url: config.DATABASE_URL }
      : { driver: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    await migrate(database);
    const [existing] = await database.db
      .select({ id: internalAdmins.id })
      .from(internalAdmins)
      .where(sql`lower(${internalAdmins.email}) = ${args.email}`)
      .limit(1);
    if (existing) {
      console.error(`An internal admin with the email ${args.email} already exists.`);
      return 1;
    }
    await database.db.insert(internalAdmins).values({
      email: args.email,
      fullName: args.name,
      role: args.role,
      passwordHash: await hashPassword(password),
    });
  } finally {
    await database.close();
  }
  const base = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${config.PORT}`;
  console.info(`Created ${args.role} ${args.name} <${args.email}>. Sign in at ${base}/admin/login`);
  return 0;
}

process.exitCode = await main();
