import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { startFauxqs } from 'fauxqs';

/** fauxqs checks no signature; any pair is accepted, and the app is configured with this one. */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'earshot-test', secretAccessKey: 'earshot-test-secret' };

/** A real S3-compatible server (fauxqs) in this process, on a free port, with its objects in a temp folder. */
export interface S3TestServer {
  endpoint: string;
  /** Multipart uploads begun and neither completed nor aborted (fauxqs keeps one folder for each). */
  pendingMultipartUploads(): Promise<number>;
  close(): Promise<void>;
}

export async function startS3TestServer(): Promise<S3TestServer> {
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-s3-'));
  // fauxqs always listens on every interface; everything here talks to it over the loopback address only.
  const server = await startFauxqs({ port: 0, logger: false, s3StorageDir: storageDir });
  return {
    endpoint: `http://127.0.0.1:${server.port}`,
    async pendingMultipartUploads() {
      return (await readdir(path.join(storageDir, '_multipart')).catch(() => [])).length;
    },
    async close() {
      await server.stop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** The variables an operator sets for this bucket on this server (see README, S3_*). */
export function s3Env(endpoint: string, bucket: string): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

export interface TestBucket {
  name: string;
  /** Deletes every object in it, then the bucket. */
  remove(): Promise<void>;
}

/** A new, empty bucket of its own, as each test app gets one. */
export async function createTestBucket(endpoint: string): Promise<TestBucket> {
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: TEST_S3_CREDENTIALS,
  });
  const Bucket = `test-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket }));
  return {
    name: Bucket,
    async remove() {
      try {
        for (;;) {
          const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket }));
          if (Contents.length === 0) break;
          for (const { Key } of Contents) await client.send(new DeleteObjectCommand({ Bucket, Key }));
        }
        await client.send(new DeleteBucketCommand({ Bucket }));
      } finally {
        client.destroy();
      }
    },
  };
}
