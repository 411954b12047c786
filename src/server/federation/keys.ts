import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Db } from '../db/database';
import type { FederationKeysTable } from '../db/schema';

type Algorithm = FederationKeysTable['algorithm'];

/** RSA first: Fedify signs HTTP requests with the first RSA key, as Mastodon expects. */
const ALGORITHMS: readonly Algorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];

async function storedPairs(db: Db, userId: string) {
  return db
    .selectFrom('federation_keys')
    .select(['algorithm', 'public_jwk', 'private_jwk'])
    .where('user_id', '=', userId)
    .execute();
}

/**
 * A person's key pairs, made and kept the first time they are needed. Instances racing to make them insert once:
 * the loser's pair is dropped and both read the one kept.
 */
export async function keyPairsOf(db: Db, userId: string): Promise<CryptoKeyPair[]> {
  let rows = await storedPairs(db, userId);
  const missing = ALGORITHMS.filter((algorithm) => !rows.some((row) => row.algorithm === algorithm));
  if (missing.length > 0) {
    const made = await Promise.all(
      missing.map(async (algorithm) => {
        const pair = await generateCryptoKeyPair(algorithm);
        return {
          user_id: userId,
          algorithm,
          public_jwk: JSON.stringify(await exportJwk(pair.publicKey)),
          private_jwk: JSON.stringify(await exportJwk(pair.privateKey)),
          created_at: new Date().toISOString(),
        };
      }),
    );
    await db
      .insertInto('federation_keys')
      .values(made)
      .onConflict((conflict) => conflict.columns(['user_id', 'algorithm']).doNothing())
      .execute();
    rows = await storedPairs(db, userId);
  }
  return Promise.all(
    ALGORITHMS.map(async (algorithm) => {
      const row = rows.find((stored) => stored.algorithm === algorithm)!;
      return {
        publicKey: await importJwk(JSON.parse(row.public_jwk) as JsonWebKey, 'public'),
        privateKey: await importJwk(JSON.parse(row.private_jwk) as JsonWebKey, 'private'),
      };
    }),
  );
}
