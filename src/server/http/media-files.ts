import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { mediaRootOf } from '../storage/disk-blob-store';

/** Gives routes `reply.sendFile(key)` over the media tree: Range (206), ETag and Last-Modified, no listing. */
export async function registerMediaFiles(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = mediaRootOf(dataDir);
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, { root, serve: false });
}

/**
 * Sends a stored media file after the route has checked who may see it. Public media is immutable (new content
 * always gets a new URL), private media is never kept by shared caches.
 */
export function sendMedia(reply: FastifyReply, key: string, mime: string, isPublic: boolean) {
  reply.header('content-type', mime);
  reply.header('cache-control', isPublic ? 'public, max-age=31536000, immutable' : 'private, no-cache');
  return reply.sendFile(key, { cacheControl: false, acceptRanges: true, contentType: false });
}
