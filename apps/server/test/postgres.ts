import crypto from 'node:crypto';
import pg from 'pg';

// Free of Vitest, so benchmarks can use it too.
/** A new, empty PostgreSQL database beside the one at `baseUrl` (for server processes started by a test). */
export async function createPostgresDatabase(baseUrl: string) {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
