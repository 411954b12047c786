import fastifyStatic from '@fastify/static';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The floors for the HTTP benches, in a bare Fastify app: no hooks, no auth, no schemas.
 * - GET /feed: the feed's SQL shape (public posts newest first, joined with their audio, image and author,
 *   limit 50) run raw on better-sqlite3, rows sent as JSON.
 * - GET /static/*: @fastify/static over the same media directory the app serves from.
 */
export const FLOOR_FEED_SQL = `
  select posts.*, audio_assets.duration, audio_assets.waveform_json, audio_assets.original_key,
         audio_assets.original_mime, audio_assets.rendition_key, audio_assets.rendition_mime,
         images.storage_key as image_key,
         users.username, users.first_name, users.last_name, users.profile_image_url, users.bio
  from posts
  inner join audio_assets on audio_assets.id = posts.audio_id
  left join images on images.id = posts.image_id
  inner join users on users.id = posts.user_id
  where posts.is_private = 0 and posts.is_draft = 0 and posts.type in ('post', 'episode')
  order by posts.created_at desc, posts.id desc
  limit 50`;

export async function buildFloorApp(options: {
  databaseFile: string;
  mediaRoot: string;
}): Promise<FastifyInstance> {
  const database = new Database(options.databaseFile, { readonly: true, fileMustExist: true });
  const feed = database.prepare(FLOOR_FEED_SQL);
  const app = Fastify({ logger: false });
  app.get('/feed', async () => feed.all());
  await app.register(fastifyStatic, { root: options.mediaRoot, prefix: '/static/' });
  app.addHook('onClose', async () => {
    database.close();
  });
  return app;
}
