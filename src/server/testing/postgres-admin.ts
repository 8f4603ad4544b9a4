import pg from 'pg';

/**
 * Creating, copying and dropping the tests' PostgreSQL databases on the server named by an administration URL
 * (TEST_DATABASE_URL): used by the unit tests' and the end-to-end tests' global setups and by their per-file copies.
 */

/** The address of another database on the server of adminUrl. */
export function urlOfDatabase(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops a template database and every copy of it (postgresCopyName). */
export async function dropCopiesOf(adminUrl: string, template: string): Promise<void> {
  for (const name of await databasesNamed(adminUrl, postgresCopyName(template, '%')))
    await administer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await administer(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}

/** The name of a test worker's copy of the template; with '%', the pattern matching every copy. */
export function postgresCopyName(template: string, worker: string): string {
  return `${template}_w${worker}`;
}

async function databasesNamed(adminUrl: string, pattern: string): Promise<string[]> {
  return withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [pattern]);
    return rows.map((row) => row.datname);
  });
}

/**
 * A template database can be copied only while nobody is connected to it, and a pool's end() returns before its
 * connections have closed: wait until PostgreSQL sees none.
 */
export async function untilUnused(adminUrl: string, database: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await admin.query<{ count: string }>('select count(*) from pg_stat_activity where datname = $1', [database]);
      if (rows[0]?.count === '0') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Connections to ${database} did not close`);
  });
}

/** One statement on the administration connection (databases cannot be created inside a pool's transaction). */
export async function administer(adminUrl: string, statement: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(statement));
}

/** Runs `work` on a connection of its own to the administration database, closed afterwards. */
async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
