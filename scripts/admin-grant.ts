/**
 * `npm run admin:grant -- someone@example.com`: makes an existing user an admin in the configured database, and
 * confirms their address if they had not yet: whoever runs this on the server vouches for it.
 */
import { and, eq } from 'drizzle-orm';
import { grantAdmin } from '../src/server/auth/admins';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { user } from '../src/server/db/schema';

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
    const confirmed = await database.db
      .update(user)
      .set({ emailVerified: true })
      .where(and(eq(user.email, email), eq(user.emailVerified, false)))
      .returning({ id: user.id });
    const outcome = await grantAdmin(database.db, email);
    if (outcome !== 'granted') {
      console.error(`No user with the e-mail ${email}: they must sign up first.`);
      return 1;
    }
    const alsoConfirmed = confirmed.length > 0 ? ', and their e-mail address is confirmed' : '';
    console.log(`${email} is now an admin${alsoConfirmed} (they must enable two-factor authentication to use the admin pages).`);
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
