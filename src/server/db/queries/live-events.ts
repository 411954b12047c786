import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../database';

/** PostgreSQL only: NOTIFY listeners on `channel`; inside a transaction it is delivered when that commits. */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** PostgreSQL only: from now on `client` receives what is NOTIFYed on `channel`. */
export async function listenOnChannel(client: pg.Client, channel: string): Promise<void> {
  await client.query(`listen ${client.escapeIdentifier(channel)}`);
}

/** The cheapest round trip: proves the connection still answers. */
export async function pingConnection(client: pg.Client): Promise<void> {
  await client.query('select 1');
}
