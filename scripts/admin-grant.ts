/** `npm run admin:grant -- someone@example.com`: makes an existing user an admin in the configured database. */
import { grantAdmin } from '../src/server/auth/admins';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

async function main(): Promise<number> {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run admin:grant -- <email>');
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const outcome = await grantAdmin(database.db, email);
    if (outcome === 'no-such-user') {
      console.error(`No user with the e-mail ${email}: they must sign up first.`);
      return 1;
    }
    if (outcome === 'not-verified') {
      console.error(`${email} has not verified their e-mail address yet: they must open the link they were sent first.`);
      return 1;
    }
    console.log(`${email} is now an admin (they must enable two-factor authentication to use the admin pages).`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? `Configuration error: ${error.message}`
        : `admin:grant failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
