import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createContext } from './context';
import { startMaintenance } from './maintenance';
import { unsupportedNodeMessage } from './runtime';
import { removeOwnScratch } from './storage/scratch';

const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  const unsupported = unsupportedNodeMessage();
  if (unsupported) throw new Error(unsupported);
  const config = loadConfig();
  const context = await createContext(config);
  const app = await buildApp(context, {
    clientDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client'),
  });
  const ffmpeg = context.ffmpeg.binary;
  context.log.info(
    { node: process.version, database: config.database.kind, dataDir: config.dataDir, ffmpeg },
    `Node.js ${process.version}; using ${ffmpeg.source} ffmpeg at ${ffmpeg.path}`,
  );
  if (config.publicOrigin && !config.federation) {
    context.log.warn(
      'federation is off: PUBLIC_URL is not https (set FEDERATION_ALLOW_PRIVATE_ADDRESSES=1 on a closed network)',
    );
  }
  const stopMaintenance = startMaintenance(context, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    app.log.info(
      `${signal} received: finishing in-flight requests, queueing running jobs again, then closing`,
    );
    stopMaintenance();
    // A last resort: closing waits only for requests in flight and for aborted jobs to stop.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app
      .close()
      .then(() => removeOwnScratch(config.dataDir))
      .then(
        () => {
          app.log.info(`shut down cleanly in ${Math.round(performance.now() - started)} ms`);
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
