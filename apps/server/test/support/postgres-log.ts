import pg from 'pg';

/**
 * What the PostgreSQL server logs about one database, read over SQL (the test role is a superuser):
 * from `LINEDESK_TEST_POSTGRES_LOG`, the logging collector's current file, or the Debian cluster's
 * log that stderr goes to. The log's prefix must name the database (Debian's default `%u@%d`).
 */
export async function watchPostgresLog(
  connectionString: string,
): Promise<{ problemsSince: () => Promise<string[]> }> {
  const database = new URL(connectionString).pathname.slice(1);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const file = await logFile(client);
    const start = await size(client, file);
    return {
      problemsSince: async () => {
        const reader = new pg.Client({ connectionString });
        await reader.connect();
        try {
          const end = await size(reader, file);
          const { rows } = await reader.query<{ text: Buffer }>(
            'select pg_read_binary_file($1, $2, $3) as text',
            [file, start, Math.max(end - start, 0)],
          );
          return String(rows[0]!.text)
            .split('\n')
            .filter((line) => line.includes(`@${database} `) && /\b(ERROR|FATAL|PANIC):/.test(line));
        } finally {
          await reader.end();
        }
      },
    };
  } finally {
    await client.end();
  }
}

async function logFile(client: pg.Client): Promise<string> {
  if (process.env.LINEDESK_TEST_POSTGRES_LOG) return process.env.LINEDESK_TEST_POSTGRES_LOG;
  const { rows } = await client.query<{ file: string | null; dir: string; major: number }>(
    `select pg_current_logfile() as file, current_setting('data_directory') as dir,
            current_setting('server_version_num')::int / 10000 as major`,
  );
  const { file, dir, major } = rows[0]!;
  if (file) return file.startsWith('/') ? file : `${dir}/${file}`;
  const debian = `/var/log/postgresql/postgresql-${major}-main.log`;
  if ((await size(client, debian).catch(() => null)) !== null) return debian;
  throw new Error(
    'Cannot find the PostgreSQL server log to read: set LINEDESK_TEST_POSTGRES_LOG to its path ' +
      '(readable by the server) or turn on logging_collector.',
  );
}

async function size(client: pg.Client, file: string): Promise<number> {
  const { rows } = await client.query<{ size: string }>('select (pg_stat_file($1)).size', [file]);
  return Number(rows[0]!.size);
}
