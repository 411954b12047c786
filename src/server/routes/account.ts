import { ACCOUNT_EXPORT_TYPE } from '@shared/contract/account';
import { routes } from '@shared/contract/routes';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { requireUser, signedInUser } from '../auth/current-user';
import { clearSessionCookie } from '../auth/session-cookie';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import { rateLimit } from '../http/rate-limit';

/** The archive, piped to the client as fast as it reads (never whole in memory), named by today's date. */
function sendDownload(reply: FastifyReply, archive: Readable): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type(ACCOUNT_EXPORT_TYPE)
    .header('content-disposition', `attachment; filename="earshot-data-${day}.zip"`)
    .header('cache-control', 'no-store')
    .send(archive);
}

/** Leaving with one's data: the export as a download, and deleting the account. Only ever one's own. */
export function registerAccountRoutes(app: App, context: AppContext): void {
  // Each export reads every stored object of the person: a few an hour is plenty for anyone.
  const limitExports = rateLimit(context, {
    name: 'account-export',
    limit: 3,
    windowSeconds: 60 * 60,
    key: (request) => request.currentUser?.id,
    message: 'You have downloaded your data three times in the last hour. Please wait a while and try again.',
  });
  // Every attempt counts: a stolen session must not be a way to guess the password.
  const limitDeletions = rateLimit(context, {
    name: 'account-delete',
    limit: 5,
    windowSeconds: 60 * 60,
    key: (request) => request.currentUser?.id,
    message: 'Too many attempts to delete your account. Please wait an hour and try again.',
  });

  app.route({
    ...contractRoute(routes.exportAccountData),
    preHandler: [requireUser, limitExports],
    handler: async (request, reply) => {
      const archive = await context.accountExport.archive(signedInUser(request).id);
      return sendDownload(reply, archive);
    },
  });

  app.route({
    ...contractRoute(routes.deleteAccount),
    preHandler: [requireUser, limitDeletions],
    handler: async (request, reply) => {
      await context.accountDeletion.deleteAccount(signedInUser(request).id, request.body.password);
      clearSessionCookie(request, reply);
      return { deleted: true as const };
    },
  });
}
