import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const s3 = { STORAGE: 's3', S3_BUCKET: 'earshot-media' };

function problemWith(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('storage configuration', () => {
  it('keeps media on this machine unless told otherwise', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ S3_BUCKET: 'ignored-without-storage-s3' }).storage).toEqual({ kind: 'disk' });
  });

  it('reads every S3 setting', () => {
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://media.example.net',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'example/secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_REDIRECT_PUBLIC_MEDIA: '1',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'earshot-media',
      region: 'eu-central-1',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'https://media.example.net',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example/secret' },
      forcePathStyle: true,
      redirectPublicMedia: true,
    });
  });

  it('defaults to AWS itself in us-east-1 with the SDK credential chain, passing media through the app', () => {
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'earshot-media',
      region: 'us-east-1',
      endpoint: undefined,
      publicEndpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      redirectPublicMedia: false,
    });
  });

  it('names the missing or wrong setting', () => {
    expect(problemWith({ STORAGE: 's3' })).toContain('S3_BUCKET: required when STORAGE=s3');
    expect(problemWith({ STORAGE: 'nfs' })).toContain('STORAGE');
    expect(problemWith({ ...s3, S3_BUCKET: 'Media_Files' })).toContain('S3_BUCKET must be a bucket name');
    expect(problemWith({ ...s3, S3_ENDPOINT: 'minio:9000' })).toContain(
      'S3_ENDPOINT must be an http:// or https://',
    );
    expect(problemWith({ ...s3, S3_PUBLIC_ENDPOINT: 'ftp://media' })).toContain('S3_PUBLIC_ENDPOINT must be');
    expect(problemWith({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE');
  });

  it('wants both keys or neither, and never repeats a secret in the message', () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const onlySecret = problemWith({ ...s3, S3_SECRET_ACCESS_KEY: secret });
    expect(onlySecret).toContain('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither');
    expect(onlySecret).not.toContain(secret);
    expect(problemWith({ ...s3, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toContain('set both, or neither');

    const inUrl = problemWith({ ...s3, S3_ENDPOINT: `https://AKIAEXAMPLE:${secret}@minio.example.net` });
    expect(inUrl).toContain('S3_ENDPOINT must be an http:// or https:// URL without a user name or password');
    expect(inUrl).not.toContain(secret);
  });
});

describe('database pool configuration', () => {
  it('sizes the PostgreSQL pool from DATABASE_POOL_MAX', () => {
    const { database } = loadConfig({
      DATABASE_URL: 'postgres://earshot@db/earshot',
      DATABASE_POOL_MAX: '3',
    });
    expect(database).toMatchObject({ kind: 'postgres', poolMax: 3 });
  });

  it('refuses the old DATABASE_POOL_SIZE instead of silently ignoring it', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '3' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '3' })).toThrow(
      /DATABASE_POOL_SIZE is now DATABASE_POOL_MAX/,
    );
  });
});

describe('password hashing cost', () => {
  it("is OWASP's minimum for argon2id unless set", () => {
    expect(loadConfig({}).passwordHashCost).toEqual({ memoryKib: 19_456, passes: 2 });
    expect(
      loadConfig({ PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '3' }).passwordHashCost,
    ).toEqual({ memoryKib: 65_536, passes: 3 });
  });

  it('refuses less than the minimum in production, naming both settings', () => {
    const weakerSettings: Array<Record<string, string>> = [
      { PASSWORD_HASH_MEMORY_KIB: '8' },
      { PASSWORD_HASH_PASSES: '1' },
    ];
    for (const weaker of weakerSettings) {
      expect(problemWith({ NODE_ENV: 'production', ...weaker })).toMatch(
        /PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES: production takes at least OWASP's minimum/,
      );
    }
    expect(
      loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' })
        .passwordHashCost,
    ).toEqual({ memoryKib: 8, passes: 1 });
  });
});

describe('the public address', () => {
  it('keeps only the origin of PUBLIC_URL, and is unset by default', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://earshot.example/some/path' }).publicOrigin).toBe(
      'https://earshot.example',
    );
    expect(loadConfig({}).publicOrigin).toBeUndefined();
  });

  it('wants an http(s) address', () => {
    expect(problemWith({ PUBLIC_URL: 'javascript:alert(1)' })).toContain('PUBLIC_URL must be');
  });
});

describe('federation', () => {
  it('is on at an https PUBLIC_URL, off without one', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://earshot.example/' }).federation).toEqual({
      origin: 'https://earshot.example',
      allowPrivateAddresses: false,
    });
    expect(loadConfig({}).federation).toBeUndefined();
  });

  it('stays off at an http PUBLIC_URL unless private addresses are allowed (tests, closed networks)', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://earshot.lan' }).federation).toBeUndefined();
    expect(
      loadConfig({ PUBLIC_URL: 'http://earshot.lan', FEDERATION_ALLOW_PRIVATE_ADDRESSES: '1' }).federation,
    ).toEqual({ origin: 'http://earshot.lan', allowPrivateAddresses: true });
  });
});
