import { routes } from '@shared/contract/routes';
import type { AppContext } from '../context';
import { notFound } from '../access/guard';
import { contractRoute, type App } from '../http/app-types';
import { publicOrigin } from '../http/public-origin';
import { embedAssetTags, renderEmbedPage, renderEmbedUnavailablePage } from '../services/embed-page';
import { oembedOf, postIdOfPageUrl } from '../services/oembed';

const JSON_ONLY = 'Only format=json is offered: ask for the JSON form of oEmbed.';

/**
 * The embeddable player (its page is the one other sites may frame: see security-headers.ts) and oEmbed, for
 * public posts alone: anything else is "not available" (404), as if it did not exist.
 */
export function registerEmbedRoutes(app: App, context: AppContext, clientDir: string | undefined): void {
  const assets = embedAssetTags(clientDir);

  app.route({
    ...contractRoute(routes.embedPlayer),
    handler: async (request, reply) => {
      const post = await context.posts.findPublic(request.params.id);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!post) return reply.code(404).send(renderEmbedUnavailablePage(await assets));
      const { origin } = publicOrigin(request, context.config);
      const words = await context.transcriptTimes.transcript(undefined, post.id);
      return renderEmbedPage(post, `${origin}/posts/${encodeURIComponent(post.id)}`, await assets, words);
    },
  });

  app.route({
    ...contractRoute(routes.oembed),
    handler: async (request, reply) => {
      const { url, format = 'json', maxwidth, maxheight } = request.query;
      // Kept by no cache without asking, as the player's page: a post made private or hidden goes at once.
      reply.header('cache-control', 'no-cache');
      if (format !== 'json') return reply.code(501).send({ message: JSON_ONLY });
      const { origin } = publicOrigin(request, context.config);
      const postId = postIdOfPageUrl(url, origin);
      const post = postId === undefined ? undefined : await context.posts.findPublic(postId);
      if (!post) throw notFound('post');
      const image = await context.linkPreviews.publicPostImage(post, origin);
      return oembedOf(post, origin, { maxwidth, maxheight }, image);
    },
  });
}
