import { displayName } from '@shared/domain/display-name';
import { escapeHtml } from '@shared/domain/escape-html';
import type { Context } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import {
  Application,
  Create,
  Document,
  Endpoints,
  Image,
  Note,
  Person,
  PropertyValue,
  PUBLIC_COLLECTION,
} from '@fedify/vocab';
import type { PostWithMedia } from '../db/queries/posts';
import type { UserRow } from '../db/schema';
import { audioSourcesOf, parseJsonArray } from '../services/post-presenter';
import { commentNoteUri, INSTANCE_ACTOR } from './our-uris';

/** Mastodon keeps at most 1,500 characters of a media description. */
const MAX_DESCRIPTION = 1_500;

/** Plain text as HTML paragraphs, one per blank-line-separated block, line breaks kept. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');

const absolute = (ctx: Context<void>, path: string) => new URL(path, ctx.canonicalOrigin);

export const instant = (iso: string) => Temporal.Instant.from(iso);

/** A stored audio's length as a duration, to the millisecond. */
const durationOf = (seconds: number) => Temporal.Duration.from({ milliseconds: Math.round(seconds * 1000) });

/** As the app names people (never by their e-mail, which others may not see). */
const nameOf = (user: UserRow) =>
  displayName({ firstName: user.first_name, lastName: user.last_name, username: user.username });

/** The page a person's profile is at: also their actor's id, so one URL serves people and servers. */
const profilePath = (userId: string) => `/profile/${userId}`;
const postPath = (postId: string) => `/posts/${postId}`;

export interface VoiceBioAudio {
  url: string;
  mimeType: string;
  duration: number;
}

interface ProfileLink {
  title: string;
  url: string;
}

/** A link as Mastodon shows a profile field: its value is HTML. */
function linkField(link: ProfileLink): PropertyValue {
  const href = escapeHtml(link.url);
  return new PropertyValue({
    name: link.title,
    value: `<a href="${href}" rel="me nofollow noopener" target="_blank">${href}</a>`,
  });
}

/** A person as an ActivityPub actor: name, handle, bio, avatar, cover, links, and their voice bio as audio. */
export async function personActor(
  ctx: Context<void>,
  user: UserRow,
  voiceBio: VoiceBioAudio | undefined,
): Promise<Person> {
  const keys = await ctx.getActorKeyPairs(user.id);
  const image = (path: string | null) =>
    path ? new Image({ url: absolute(ctx, path), mediaType: 'image/webp' }) : null;
  const links = parseJsonArray<ProfileLink>(user.links_json).filter((link) => link.title && link.url);
  return new Person({
    id: ctx.getActorUri(user.id),
    preferredUsername: user.username,
    name: nameOf(user),
    summary: user.bio ? paragraphs(user.bio) : null,
    url: absolute(ctx, profilePath(user.id)),
    icon: image(user.profile_image_url),
    image: image(user.background_image_url),
    published: instant(user.created_at),
    attachments: [
      ...links.map(linkField),
      ...(voiceBio
        ? [
            new Document({
              name: `${nameOf(user)}’s voice bio`,
              url: absolute(ctx, voiceBio.url),
              mediaType: voiceBio.mimeType,
              duration: durationOf(voiceBio.duration),
            }),
          ]
        : []),
    ],
    inbox: ctx.getInboxUri(user.id),
    outbox: ctx.getOutboxUri(user.id),
    followers: ctx.getFollowersUri(user.id),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
    manuallyApprovesFollowers: false,
    discoverable: true,
  });
}

/**
 * This server's own actor, as Mastodon's instance actor is (an Application named by its host): it signs what the
 * server says itself, such as a report forwarded without naming who made it.
 */
export async function instanceActor(ctx: Context<void>): Promise<Application> {
  const keys = await ctx.getActorKeyPairs(INSTANCE_ACTOR);
  return new Application({
    id: ctx.getActorUri(INSTANCE_ACTOR),
    preferredUsername: ctx.hostname,
    name: ctx.host,
    url: new URL('/', ctx.canonicalOrigin),
    inbox: ctx.getInboxUri(INSTANCE_ACTOR),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
    manuallyApprovesFollowers: true,
  });
}

/**
 * What a post's Note says in words, for a client without an audio player: its transcript, or else its title and a
 * link to where it plays.
 */
function noteContent(post: PostWithMedia, pageUrl: URL): string {
  if (post.transcription?.trim()) return paragraphs(post.transcription);
  const href = escapeHtml(pageUrl.href);
  return `${paragraphs(post.title)}<p><a href="${href}">${href}</a></p>`;
}

/**
 * A public post or episode as a Note at its page's URL, with its audio as an attachment: Mastodon builds its
 * audio player from a Note's attachments alone. The best rendition goes (AAC once rendered), with its type,
 * length, and the transcript as its description.
 */
export function postNote(ctx: Context<void>, post: PostWithMedia): Note {
  const pageUrl = absolute(ctx, postPath(post.id));
  const audio = audioSourcesOf(post.audio_id, post)[0]!;
  const transcript = post.transcription?.trim();
  return new Note({
    id: ctx.getObjectUri(Note, { id: post.id }),
    attribution: ctx.getActorUri(post.user_id),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(post.user_id),
    name: post.title,
    content: noteContent(post, pageUrl),
    url: pageUrl,
    published: instant(post.created_at),
    updated: post.updated_at !== post.created_at ? instant(post.updated_at) : null,
    attachments: [
      new Document({
        url: absolute(ctx, audio.url),
        mediaType: audio.mimeType,
        duration: durationOf(post.duration),
        name: transcript ? transcript.slice(0, MAX_DESCRIPTION) : post.title,
      }),
    ],
  });
}

/** The Create a post's Note came in: one per post, so its id is the Note's with a fragment. */
export function createOf(
  ctx: Context<void>,
  note: Note,
  post: Pick<PostWithMedia, 'created_at' | 'user_id'>,
) {
  return new Create({
    id: new URL(`${note.id!.href}#create`),
    actor: ctx.getActorUri(post.user_id),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(post.user_id),
    published: instant(post.created_at),
    object: note,
  });
}

/** One of our people's voice comment as it goes to another server: the Note it would be were it a post of theirs. */
export interface VoiceReply {
  id: string;
  userId: string;
  createdAt: string;
  duration: number;
  transcription: string | null;
  audio: { url: string; mimeType: string };
}

/**
 * A voice comment on a remote person's post, as a Note in reply to theirs, addressed to them and public as the
 * thread is; its audio is its one attachment, as a post's is.
 */
export function replyNote(ctx: Context<void>, reply: VoiceReply, thread: { note: URL; author: URL }): Note {
  const transcript = reply.transcription?.trim();
  return new Note({
    id: commentNoteUri(ctx, reply.id),
    attribution: ctx.getActorUri(reply.userId),
    to: PUBLIC_COLLECTION,
    cc: thread.author,
    replyTarget: thread.note,
    content: transcript ? paragraphs(transcript) : '<p>A voice reply</p>',
    published: instant(reply.createdAt),
    attachments: [
      new Document({
        url: absolute(ctx, reply.audio.url),
        mediaType: reply.audio.mimeType,
        duration: durationOf(reply.duration),
        ...(transcript && { name: transcript.slice(0, MAX_DESCRIPTION) }),
      }),
    ],
  });
}
