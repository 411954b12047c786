import type { ConversationRecording } from '@shared/contract/conversations';
import type { Post } from '@shared/contract/posts';
import { expect } from 'vitest';
import type { App } from '../../../src/server/http/app-types';
import { multipartForm, type FilePart } from '../../support/audio';

type Form = ReturnType<typeof multipartForm>;

/** Sends a multipart body through the app as the person with `cookie`, as the client's uploads do. */
/** Posts a multipart form; `remoteAddress` says where it comes from (rate limits count per address). */
export function sendForm(app: App, cookie: string, url: string, form: Form, remoteAddress?: string) {
  return sendFormAs(app, cookie, 'POST', url, form, remoteAddress);
}

/** Sends a multipart form with `method` (PUT replaces, as a post's audio). */
export function sendFormAs(
  app: App,
  cookie: string,
  method: 'POST' | 'PUT',
  url: string,
  form: Form,
  remoteAddress?: string,
) {
  return app.inject({
    method,
    url,
    headers: { ...form.headers, cookie },
    payload: form.payload,
    remoteAddress,
  });
}

/** Sends WebM `audio` to a conversation as the person with `cookie`, with `fields`; the answer must be 201. */
export async function sendVoiceMessage(
  app: App,
  cookie: string,
  conversationId: string,
  audio: Buffer,
  fields: Record<string, string> = {},
): Promise<ConversationRecording> {
  const form = multipartForm(fields, [webmPart(audio)]);
  const response = await sendForm(app, cookie, `/api/conversations/${conversationId}/recordings`, form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function webmPart(content: Buffer): FilePart {
  return { field: 'audio', filename: 'recording.webm', contentType: 'audio/webm', content };
}

/**
 * Publishes WebM `audio` at `url` (a post unless told) as the person with `cookie`, with any other `files` before
 * it; the answer must be 201.
 */
export async function publishWebm(
  app: App,
  cookie: string,
  audio: Buffer,
  options: { url?: string; fields?: Record<string, string>; files?: FilePart[] } = {},
): Promise<Post> {
  const form = multipartForm(options.fields ?? {}, [...(options.files ?? []), webmPart(audio)]);
  const response = await sendForm(app, cookie, options.url ?? '/api/posts', form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Post;
}

/** The URL of a post's original WebM audio. */
export function originalAudioUrl(post: Post): string {
  return post.audioSources.find((source) => source.mimeType === 'audio/webm')!.url;
}
