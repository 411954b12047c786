import { routes } from '@shared/contract/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, type Actor } from '../access/policy';
import { loadCurrentUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { contractRoute, type App } from '../http/app-types';
import type { PageWithHead } from '../http/client-app';
import { entityTag, matchesEntityTag } from '../http/conditional-request';
import { publicOrigin } from '../http/public-origin';
import type { ShareCardImage } from '../link-previews/link-previews';
import { withPreviewHead, type PagePreview } from '../link-previews/preview-head';

/** Pages and media are outside /api, so the session is loaded here; the post API asks as the person, not a role. */
async function askerOf(request: FastifyRequest, context: AppContext): Promise<Actor> {
  return actorOf((await loadCurrentUser(request, context.sessions))?.id);
}

/** The post and profile pages links lead to (spec §2: `/posts/{id}` to share, `/post/{id}` from notifications). */
export function pagesWithPreviews(context: AppContext): PageWithHead[] {
  const page =
    (preview: (asker: Actor, id: string, origin: string) => Promise<PagePreview | null>) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, html: string) => {
      const { origin } = publicOrigin(request, context.config);
      return withPreviewHead(html, await preview(await askerOf(request, context), request.params.id, origin));
    };
  const postPage = page((asker, id, origin) => context.linkPreviews.post(asker, id, origin));
  return [
    { path: '/posts/:id', render: postPage },
    { path: '/post/:id', render: postPage },
    {
      path: '/profile/:id',
      render: page((asker, id, origin) => context.linkPreviews.profile(asker, id, origin)),
    },
  ];
}

/** A version names exactly one drawing: a public card is kept forever, another by the asker's browser alone. */
function sendShareCard(request: FastifyRequest, reply: FastifyReply, card: ShareCardImage): FastifyReply {
  const etag = entityTag(card.version);
  void reply
    .header('etag', etag)
    .header('cache-control', card.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-cache');
  if (!card.isPublic) void reply.header('vary', 'Cookie');
  if (matchesEntityTag(request.headers, etag)) return reply.code(304).send();
  return reply.type('image/png').send(card.png);
}

export function registerLinkPreviewRoutes(app: App, context: AppContext): void {
  app.route({
    ...contractRoute(routes.shareCard),
    method: ['GET', 'HEAD'],
    handler: async (request, reply) => {
      const { id, file } = request.params;
      const asker = await askerOf(request, context);
      const card = await context.linkPreviews.shareCard(asker, id, file.replace(/\.png$/, ''));
      if ('currentPath' in card) {
        return reply.header('cache-control', 'no-cache').redirect(card.currentPath, 302);
      }
      return sendShareCard(request, reply, card);
    },
  });
}
