import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import { SEARCH_MAX_LENGTH } from '@shared/contract/search';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCurrentUser } from './auth/current-user';
import type { AppContext } from './context';
import type { App } from './http/app-types';
import { renderLoginPage } from './auth/login-page';
import { clientPageHtml, registerClientApp } from './http/client-app';
import { contentSecurityPolicy, inlineScriptHashes } from './http/content-security-policy';
import { registerControlCharacterGuard } from './http/control-characters';
import { MULTIPART_LIMITS } from './http/multipart-upload';
import { startJobWorker, type JobWorker } from './jobs/job-worker';
import { registerErrorHandler } from './http/error-handler';
import { registerFederation } from './federation/fastify-bridge';
import { registerSameOriginGuard } from './http/same-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { registerUnreadBodyDiscard, type LingeringLimits } from './http/unread-body';
import { CSP_REPORT_PATH } from './routes/csp-reports';
import { registerRoutes } from './routes/index';
import { pagesWithPreviews } from './routes/link-previews';
import { presignedMediaOrigins } from './storage/s3-blob-store';

export interface BuildAppOptions {
  /** The built React app (dist/client); tests leave it out. */
  clientDir?: string;
  /** Process background jobs in this process (the default); off for an instance that only serves. */
  runJobs?: boolean;
  /** How long a refused request's body is still read (nginx's defaults unless given). */
  lingering?: LingeringLimits;
}

/**
 * While closing, every response carries `Connection: close`, and a connection is closed as soon as it is idle:
 * Node closes idle keep-alive sockets once when close() starts, but a socket busy then (an upload) would stay
 * open afterwards until its keep-alive timeout, and hold the shutdown up.
 */
function registerDrainOnClose(app: App): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
}

export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    loggerInstance: context.log,
    trustProxy: context.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A search query travels as a path segment: its longest, percent-encoded, fits.
    routerOptions: { maxParamLength: SEARCH_MAX_LENGTH * 12 },
    // Shutdown drains in-flight requests and drops idle keep-alive sockets (see registerDrainOnClose).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // We take JSON, forms and multipart; plain text is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, context.sessions);
  const pages = [renderLoginPage({ mode: 'signin' }), await clientPageHtml(options.clientDir)];
  const mediaOrigins = presignedMediaOrigins(context.config.storage);
  const policy = (framable: boolean) =>
    contentSecurityPolicy(pages.flatMap(inlineScriptHashes), CSP_REPORT_PATH, mediaOrigins, { framable });
  registerSecurityHeaders(app, { standard: policy(false), framable: policy(true) });
  registerSameOriginGuard(app);
  registerUnreadBodyDiscard(app, options.lingering);
  registerControlCharacterGuard(app);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  registerCurrentUser(app, context.sessions);

  if (
    context.federation &&
    context.federationEgress &&
    context.federatedReplies &&
    context.config.federation
  ) {
    const replies = context.federatedReplies;
    registerFederation(app, context.federation, {
      origin: context.config.federation.origin,
      egress: context.federationEgress,
      domainBlocks: context.domainBlocks,
      replyNotes: (commentId) => replies.noteJson(commentId),
    });
  }
  registerRoutes(app, context, options.clientDir);
  await registerClientApp(app, options.clientDir, pagesWithPreviews(context));

  // The PostgreSQL bus opens its listening connection here, so a context used without an app holds none.
  app.addHook('onReady', async () => {
    await context.events.start();
  });
  let worker: JobWorker | undefined;
  const stopFederationQueue = new AbortController();
  if (options.runJobs ?? true) {
    app.addHook('onReady', async () => {
      // Before the worker: a federation job it claims finds Fedify listening.
      void context.federation?.startQueue(undefined, { signal: stopFederationQueue.signal });
      worker = startJobWorker({
        queue: context.jobs,
        handlers: context.jobHandlers,
        log: context.log,
        concurrency: context.config.jobConcurrency,
      });
    });
  }
  registerDrainOnClose(app);
  // Jobs are aborted and queued again as soon as closing starts, while requests in flight finish.
  app.addHook('preClose', async () => {
    void worker?.stop();
  });
  // One hook, because the order matters: jobs in progress finish their writes before the database closes.
  app.addHook('onClose', async () => {
    await worker?.stop();
    stopFederationQueue.abort();
    await context.events.close();
    await context.db.destroy();
  });
  return app;
}
