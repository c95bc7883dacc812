import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the API tests run against, when asked to (CI sets it). */
export function testPostgresUrl(): string | undefined {
  return process.env.LINEDESK_TEST_DATABASE_URL || undefined;
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function adminQuery(base: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
