import type { TestProject } from 'vitest/node';
import { startS3TestServer } from '../../support/s3-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when TEST_STORAGE=s3: the S3 server every test app of this run gets a bucket on. */
    s3Endpoint: string;
  }
}

/** One S3 server (fauxqs) for the whole run, in vitest's main process, only when the suite runs on S3. */
export default async function setup({ provide }: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_STORAGE !== 's3') return undefined;
  const server = await startS3TestServer();
  provide('s3Endpoint', server.endpoint);
  return () => server.close();
}
