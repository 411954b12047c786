import { startFauxqs } from 'fauxqs';

/**
 * Child-process entry for the audio bench's S3 server: `node --import tsx bench/serve-s3.ts BUCKET`. fauxqs keeps
 * the objects in memory; it reports its port over IPC and exits when the bench disconnects.
 */
async function main(): Promise<void> {
  const bucket = process.argv[2];
  if (!bucket) throw new Error('usage: node --import tsx bench/serve-s3.ts BUCKET');
  // fauxqs listens on every interface; the bench only ever talks to it over 127.0.0.1.
  const server = await startFauxqs({ port: 0, logger: false });
  server.createBucket(bucket);
  process.send?.({ port: server.port });
  const stop = () => void server.stop().finally(() => process.exit(0));
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
