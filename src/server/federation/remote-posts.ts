import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { DEFAULT_POST_TITLE, TITLE_MAX_LENGTH } from '@shared/domain/posts';
import type { Context, InboxListenerSetters } from '@fedify/fedify';
import { Create, Delete, Document, isActor, Note, Update, type Activity } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import { isHeardHere } from '../access/federatable';
import { actorOf } from '../access/policy';
import type { Db } from '../db/database';
import { findPost, updatePost } from '../db/queries/posts';
import {
  findRemoteComment,
  findRemotePersonByUri,
  findRemotePost,
  hasFollowersHere,
  rememberRemoteComment,
  rememberRemotePost,
  rememberRemotePostAudio,
  type RemotePerson,
} from '../db/queries/remote-people';
import type { AccountDeletion } from '../services/account-deletion';
import type { AudioLibrary } from '../services/audio-library';
import type { CommentService } from '../services/comment-service';
import type { PostService } from '../services/post-service';
import type { ScratchFile, ScratchFiles } from '../storage/scratch-files';
import { plainTextOf } from './plain-text';
import type { RemoteAudio } from './remote-audio';
import type { RemotePeople } from './remote-people';
import { ourUri } from './our-uris';

export interface RemotePostDeps {
  db: Db;
  people: RemotePeople;
  remoteAudio: RemoteAudio;
  scratch: ScratchFiles;
  audio: AudioLibrary;
  posts: PostService;
  comments: CommentService;
  accounts: Pick<AccountDeletion, 'forgetRemotePerson'>;
  log: FastifyBaseLogger;
}

/** A Note as we keep it: its words as text, and the address of its first audio attachment. */
interface VoiceNote {
  id: URL;
  page: string | null;
  text: string;
  title: string;
  audioUrl: URL | undefined;
  replyTo: URL | null;
}

const WEB_PROTOCOLS = new Set(['https:', 'http:']);

async function voiceNoteOf(ctx: Context<void>, note: Note): Promise<VoiceNote | undefined> {
  if (!note.id || !WEB_PROTOCOLS.has(note.id.protocol)) return undefined;
  let audioUrl: URL | undefined;
  for await (const attachment of note.getAttachments(ctx)) {
    if (!(attachment instanceof Document) || !attachment.mediaType?.startsWith('audio/')) continue;
    const url = attachment.url instanceof URL ? attachment.url : attachment.url?.href;
    if (url) {
      audioUrl = url;
      break;
    }
  }
  const text = plainTextOf(note.content?.toString() ?? '');
  const heading = (note.name?.toString() ?? text.split('\n')[0] ?? '').trim();
  const page = note.url instanceof URL ? note.url : note.url?.href;
  return {
    id: note.id,
    // Shown to our people as a link: only a web page, never another scheme.
    page: page && WEB_PROTOCOLS.has(page.protocol) ? page.href : null,
    text,
    title: heading.slice(0, TITLE_MAX_LENGTH) || DEFAULT_POST_TITLE,
    audioUrl,
    replyTo: note.replyTargetId,
  };
}

/**
 * The posts of people of other servers (issue 28), as they come to our inboxes: a Note with audio by someone our
 * people follow becomes their public post here, its audio downloaded and put through our own upload pipeline and its
 * limits (identified by content, measured, waveform, loudness, rendition); a Note with audio in reply to one of our
 * posts becomes a voice comment on it, through the comment pipeline (blocks, moderation, comment settings). Notes
 * without audio are not kept (we are voice-only), nor anything from people nobody here follows, nor anything whose
 * author is not the activity's signer, nor anything from a suspended person. Updates change a post's words (and its
 * audio, when they name a new recording), and a known person's own actor; Deletes remove what came, and a Delete of
 * their own actor (their account is gone) removes them and all of it.
 */
export function listenToRemotePosts(
  inbox: InboxListenerSetters<void>,
  deps: RemotePostDeps,
): InboxListenerSetters<void> {
  const { db, people, log } = deps;

  /**
   * The signer's Note, and the person they are here; undefined when the note is not theirs or they are suspended.
   * Only a reply to one of our posts may come from someone we do not know yet (they are met then); anyone else's
   * Note is of no one followed here.
   */
  async function authoredNote(ctx: Context<void>, activity: Activity) {
    const object = await activity.getObject(ctx);
    if (!(object instanceof Note) || !activity.actorId || !object.id) return undefined;
    if (
      object.attributionId?.href !== activity.actorId.href ||
      object.id.origin !== activity.actorId.origin
    ) {
      log.warn({ actor: activity.actorId.href, note: object.id.href }, 'refused a Note not by its signer');
      return undefined;
    }
    const repliesHere = object.replyTargetId !== null && ourUri(ctx, object.replyTargetId) !== null;
    const known = await findRemotePersonByUri(db, activity.actorId.href);
    const author = known || repliesHere ? await people.byActorId(ctx, activity.actorId) : undefined;
    if (!author || !isHeardHere(author.user)) return undefined;
    return { note: object, author };
  }

  async function withDownload(url: URL, use: (file: ScratchFile) => Promise<unknown>) {
    const file = await deps.remoteAudio.download(url);
    try {
      await use(file);
    } finally {
      await deps.scratch.discard(file);
    }
  }

  async function keepPost(author: RemotePerson, voice: VoiceNote, audioUrl: URL) {
    if (!(await hasFollowersHere(db, author.user.id))) return;
    await withDownload(audioUrl, async (file) => {
      const prepared = await deps.audio.prepare(file, author.user.id, false, AUDIO_DURATION_LIMITS.post);
      await deps.posts.createFromAudio(
        author.user.id,
        prepared,
        { title: voice.title, transcription: voice.text || null },
        async () => {},
        (trx, postId) =>
          rememberRemotePost(trx, postId, { uri: voice.id.href, audioUrl: audioUrl.href, page: voice.page }),
      );
    });
  }

  /** A new recording in an Update: through our pipeline, in place of the old one (whose files go). */
  async function replaceAudio(
    postId: string,
    author: RemotePerson,
    audioUrl: URL,
    words: { title: string; transcription: string | null },
  ) {
    const post = await findPost(db, postId);
    if (!post) return;
    await withDownload(audioUrl, async (file) => {
      const prepared = await deps.audio.prepare(file, author.user.id, false, AUDIO_DURATION_LIMITS.post);
      await deps.posts.retakeAudio(post, prepared, words, (trx) =>
        rememberRemotePostAudio(trx, postId, audioUrl.href),
      );
    });
  }

  async function keepReply(ctx: Context<void>, author: RemotePerson, voice: VoiceNote, audioUrl: URL) {
    const target = ourUri(ctx, voice.replyTo!);
    if (target?.type !== 'object' || target.class !== Note) return;
    const admission = await deps.comments.admit(actorOf(author.user.id), { postId: target.values.id! });
    await withDownload(audioUrl, async (file) => {
      await deps.comments.create(admission, file, {}, (trx, commentId) =>
        rememberRemoteComment(trx, commentId, voice.id.href),
      );
    });
  }

  return inbox
    .on(Create, async (ctx, create) => {
      const authored = await authoredNote(ctx, create);
      if (!authored) return;
      const voice = await voiceNoteOf(ctx, authored.note);
      if (!voice?.audioUrl) return;
      // A delivery may come twice (retries, personal and shared inboxes).
      if ((await findRemotePost(db, voice.id.href)) || (await findRemoteComment(db, voice.id.href))) return;
      try {
        if (voice.replyTo) await keepReply(ctx, authored.author, voice, voice.audioUrl);
        else await keepPost(authored.author, voice, voice.audioUrl);
      } catch (error) {
        // Their audio failed our checks, or the post is not theirs to answer: nothing is kept.
        log.info({ err: error, note: voice.id.href }, 'a remote voice post was not kept');
      }
    })
    .on(Update, async (ctx, update) => {
      // Someone known here changed who they are (name, bio, picture): their own actor, signed by them.
      const updated = await update.getObject(ctx);
      if (isActor(updated)) {
        const signer = update.actorId?.href;
        const known = signer && updated.id?.href === signer && (await findRemotePersonByUri(db, signer));
        if (known) await people.save(updated);
        return;
      }
      const authored = await authoredNote(ctx, update);
      const voice = authored && (await voiceNoteOf(ctx, authored.note));
      const post = voice && (await findRemotePost(db, voice.id.href));
      if (!post || post.user_id !== authored.author.user.id) return;
      const words = { title: voice.title, transcription: voice.text || null };
      const newAudio = voice.audioUrl && voice.audioUrl.href !== post.audio_url ? voice.audioUrl : undefined;
      if (!newAudio) {
        await updatePost(db, post.id, words);
        return;
      }
      try {
        await replaceAudio(post.id, authored.author, newAudio, words);
      } catch (error) {
        // Their new recording failed our checks: the post keeps its audio and words as they were.
        log.info({ err: error, note: voice.id.href }, 'a remote voice post’s new audio was not kept');
      }
    })
    .on(Delete, async (_ctx, deletion) => {
      const noteId = deletion.objectId;
      const author = deletion.actorId && (await findRemotePersonByUri(db, deletion.actorId.href));
      if (!noteId || !author) return;
      if (noteId.href === author.actorUri) return deps.accounts.forgetRemotePerson(author.user.id);
      const post = await findRemotePost(db, noteId.href);
      if (post?.user_id === author.user.id) await deps.posts.delete(post.user_id, post.id);
      const comment = await findRemoteComment(db, noteId.href);
      if (comment?.user_id === author.user.id) await deps.comments.delete(comment.user_id, comment.id);
    });
}
