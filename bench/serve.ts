import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContext } from '../src/server/context';
import { buildFloorApp } from './floor-app';

/**
 * Child-process entry for the HTTP benches: `node --import tsx bench/serve.ts ours|floor` with DATA_DIR set
 * (for ours STORAGE and any S3_* settings, which the bench always sets; for the floor FEED_VIEWER_ID, the person
 * whose feed it answers).
 * Each server gets a process (and so a core) of its own, away from the load generator; it reports its port over
 * IPC and exits when the bench disconnects, even if the bench itself was killed.
 */
async function main(): Promise<void> {
  const kind = process.argv[2];
  const dataDir = process.env.DATA_DIR;
  if (!dataDir || (kind !== 'ours' && kind !== 'floor')) {
    throw new Error('usage: DATA_DIR=… node --import tsx bench/serve.ts ours|floor');
  }
  let app;
  if (kind === 'ours') {
    const storage = Object.entries(process.env).filter(
      ([name]) => name === 'STORAGE' || name.startsWith('S3_'),
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...Object.fromEntries(storage),
    });
    app = await buildApp(await createContext(config), { runJobs: false });
  } else {
    const [id, cookie] = [process.env.FEED_VIEWER_ID, process.env.FEED_VIEWER_COOKIE];
    if (!id || !cookie) throw new Error('the floor needs FEED_VIEWER_ID and FEED_VIEWER_COOKIE');
    app = await buildFloorApp({
      feedViewer: { id, cookie },
      databaseFile: path.join(dataDir, 'earshot.sqlite'),
      mediaRoot: path.join(dataDir, 'media'),
    });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.send?.({ port: address.port });
  process.on('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });
  process.on('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
