import { loadConfig } from './config';
import { createDatabase, migrateToLatest } from './db/database';
import { setRole } from './db/queries/moderation';
import { findUserByEmail } from './db/queries/users';

/**
 * `npm run moderator -- grant someone@example.com` (or `revoke`): gives or takes the moderator role on the
 * database the server's own configuration names (DATA_DIR, DATABASE_URL). The client can never do this.
 */
async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error('Usage: npm run moderator -- grant|revoke <e-mail>');
    return 2;
  }
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    const address = email.trim().toLowerCase();
    const changed = await setRole(db, [address], command === 'grant' ? 'moderator' : 'member');
    const found = await findUserByEmail(db, address);
    if (!found) {
      console.error(`No account has the e-mail ${address}.`);
      return 1;
    }
    console.log(
      changed > 0
        ? `${address} is ${command === 'grant' ? 'now a moderator' : 'no longer a moderator'}.`
        : `${address} was already ${found.role === 'moderator' ? 'a moderator' : 'not a moderator'}.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
