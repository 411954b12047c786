import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Db } from '../db/database';
import type { FederationKeysTable } from '../db/schema';

type Algorithm = FederationKeysTable['algorithm'];

/** RSA first: Fedify signs HTTP requests with the first RSA key, as Mastodon expects. */
const ALGORITHMS: readonly Algorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];

/**
 * RSA of 2048 bits, as Mastodon makes its actors' keys. Fedify's own default, 4096 bits, took half a second of CPU to
 * make (a person's first federated act waited on it) and signs each delivery several times slower; no server that
 * checks our signatures asks for more.
 */
const RSA_KEY: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

function newPair(algorithm: Algorithm): Promise<CryptoKeyPair> {
  if (algorithm === 'Ed25519') return generateCryptoKeyPair(algorithm);
  return crypto.subtle.generateKey(RSA_KEY, true, ['sign', 'verify']);
}

interface StoredPair {
  algorithm: Algorithm;
  public_jwk: string;
  private_jwk: string;
  created_at: string;
}

/** Where one signer's pairs are kept: a person's rows of `federation_keys`, or the instance actor's table. */
interface KeyStore {
  read(): Promise<StoredPair[]>;
  /** Keeps the pairs of algorithms not kept yet; one already kept (made by a racing instance) stays. */
  add(pairs: StoredPair[]): Promise<void>;
}

async function pairsIn(store: KeyStore): Promise<CryptoKeyPair[]> {
  let rows = await store.read();
  const missing = ALGORITHMS.filter((algorithm) => !rows.some((row) => row.algorithm === algorithm));
  if (missing.length > 0) {
    const made = await Promise.all(
      missing.map(async (algorithm) => {
        const pair = await newPair(algorithm);
        return {
          algorithm,
          public_jwk: JSON.stringify(await exportJwk(pair.publicKey)),
          private_jwk: JSON.stringify(await exportJwk(pair.privateKey)),
          created_at: new Date().toISOString(),
        };
      }),
    );
    await store.add(made);
    rows = await store.read();
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

const COLUMNS = ['algorithm', 'public_jwk', 'private_jwk', 'created_at'] as const;

/**
 * A person's key pairs, made and kept the first time they are needed. Instances racing to make them insert once:
 * the loser's pair is dropped and both read the one kept.
 */
export function keyPairsOf(db: Db, userId: string): Promise<CryptoKeyPair[]> {
  return pairsIn({
    read: () => db.selectFrom('federation_keys').select(COLUMNS).where('user_id', '=', userId).execute(),
    async add(pairs) {
      await db
        .insertInto('federation_keys')
        .values(pairs.map((pair) => ({ ...pair, user_id: userId })))
        .onConflict((conflict) => conflict.columns(['user_id', 'algorithm']).doNothing())
        .execute();
    },
  });
}

/** The instance actor's key pairs, made and kept as a person's are. */
export function instanceKeyPairs(db: Db): Promise<CryptoKeyPair[]> {
  return pairsIn({
    read: () => db.selectFrom('instance_keys').select(COLUMNS).execute(),
    async add(pairs) {
      await db
        .insertInto('instance_keys')
        .values(pairs)
        .onConflict((conflict) => conflict.column('algorithm').doNothing())
        .execute();
    },
  });
}
