import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Db } from '../db/database';
import {
  commentsForExport,
  draftTakesForExport,
  imagesByIds,
  postsForExport,
  pushDevicesForExport,
  sentMessagesForExport,
  voiceBioForExport,
} from '../db/queries/account-data';
import { findUserById } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { UnauthorizedError } from '../errors';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store';

/** One stored object in the archive: where it is stored, and where it goes in the archive. */
interface MediaFile {
  role: 'audio' | 'photo' | 'avatar' | 'cover' | 'voice-bio';
  key: string;
  path: string;
  mime: string;
  /** Audio only: seconds. */
  duration?: number;
  /** Set once written: false when the object was not in storage (the index says so rather than the archive break). */
  included?: boolean;
}

interface IndexEntry {
  kind: 'post' | 'draft' | 'draft-take' | 'comment' | 'message';
  id: string;
  createdAt: string;
  metadata: Record<string, unknown>;
  media: MediaFile[];
}

export interface AccountExport {
  /** The archive as it is written: objects are read one at a time, as fast as the reader takes the bytes. */
  archive(userId: string): Promise<Readable>;
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** The stored object `key` at `base` in the archive, with the stored object's own extension. */
function storedFile(role: MediaFile['role'], key: string, base: string, mime: string): MediaFile {
  return { role, key, path: `${base}.${extensionOf(key)}`, mime };
}

type StoredOriginal = { original_key: string; original_mime: string; duration: number };

function originalAudio(base: string, row: StoredOriginal, role: MediaFile['role'] = 'audio'): MediaFile {
  return { ...storedFile(role, row.original_key, base, row.original_mime), duration: row.duration };
}

type ExportedPost = Awaited<ReturnType<typeof postsForExport>>[number];

function postEntry(post: ExportedPost): IndexEntry {
  const kind = post.is_draft === 1 ? 'draft' : 'post';
  const folder = `${kind}s/${post.id}`;
  return {
    kind,
    id: post.id,
    createdAt: post.created_at,
    metadata: {
      type: post.type,
      private: post.is_private === 1,
      title: post.title,
      category: post.category,
      transcription: post.transcription,
      affiliateLink: post.affiliate_link,
      affiliateLinkTitle: post.affiliate_link_title,
      chapters: JSON.parse(post.chapters_json) as unknown,
      allowVisitorComments: post.allow_visitor_comments === 1,
      updatedAt: post.updated_at,
    },
    media: [
      originalAudio(`${folder}/original`, post),
      ...(post.photo_key
        ? [storedFile('photo', post.photo_key, `${folder}/photo`, post.photo_mime ?? 'image/webp')]
        : []),
    ],
  };
}

/** The profile as the person filled it in: never the password's hash or internal ids of pictures. */
function profileOf(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    bio: user.bio,
    links: JSON.parse(user.links_json) as unknown,
    location: user.location,
    website: user.website,
    interests: user.interests,
    createdAt: user.created_at,
  };
}

/** A file as the index lists it: where it is in the archive, not where it is stored. */
const listed = ({ key: _key, ...file }: MediaFile) => file;

/** Binary media is already compressed: stored as it is, which costs no CPU. */
const STORED = { compress: false } as const;

export function createAccountExport(deps: {
  db: Db;
  blobs: BlobStore;
  log: FastifyBaseLogger;
}): AccountExport {
  const { db, blobs, log } = deps;

  async function collect(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw new UnauthorizedError();
    const [posts, takes, comments, messages, voiceBio, pictures, pushDevices] = await Promise.all([
      postsForExport(db, userId),
      draftTakesForExport(db, userId),
      commentsForExport(db, userId),
      sentMessagesForExport(db, userId),
      voiceBioForExport(db, userId),
      imagesByIds(
        db,
        [user.profile_image_id, user.background_image_id].filter((id): id is string => !!id),
      ),
      pushDevicesForExport(db, userId),
    ]);
    const picture = (id: string | null, role: 'avatar' | 'cover'): MediaFile[] => {
      const image = pictures.find((row) => row.id === id);
      return image ? [storedFile(role, image.storage_key, `profile/${role}`, image.mime)] : [];
    };
    const profileMedia: MediaFile[] = [
      ...picture(user.profile_image_id, 'avatar'),
      ...picture(user.background_image_id, 'cover'),
      ...(voiceBio ? [originalAudio('profile/voice-bio', voiceBio, 'voice-bio')] : []),
    ];
    const entries: IndexEntry[] = [
      ...posts.map(postEntry),
      ...takes.map((take): IndexEntry => ({
        kind: 'draft-take',
        id: take.id,
        createdAt: take.created_at,
        metadata: { draftId: take.post_id },
        media: [originalAudio(`drafts/${take.post_id}/takes/${take.id}`, take)],
      })),
      ...comments.map((comment): IndexEntry => ({
        kind: 'comment',
        id: comment.id,
        createdAt: comment.created_at,
        metadata: { postId: comment.post_id, transcription: comment.transcription },
        media: [originalAudio(`comments/${comment.id}/original`, comment)],
      })),
      ...messages.map((message): IndexEntry => ({
        kind: 'message',
        id: message.id,
        createdAt: message.created_at,
        metadata: { conversationId: message.conversation_id, transcription: message.transcription },
        media: [originalAudio(`messages/${message.id}/original`, message)],
      })),
    ];
    const profile = {
      ...profileOf(user),
      pushDevices: pushDevices.map((device) => ({
        deviceName: device.device_name,
        createdAt: device.created_at,
        lastDeliveredAt: device.last_delivered_at,
      })),
    };
    return { profile, profileMedia, entries };
  }

  /** Adds the object and waits until the archive has taken all of it: one stored object is open at a time. */
  async function addObject(zip: ZipFile, file: MediaFile, stopped: AbortSignal): Promise<void> {
    let body: Readable;
    let bytes: number;
    try {
      ({ body, bytes } = await blobs.getStream(file.key));
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error;
      log.warn({ key: file.key }, 'a stored object was missing from a data export');
      file.included = false;
      return;
    }
    // The reader may have left while storage answered: the abort has fired already and would not fire again.
    if (stopped.aborted) {
      body.destroy();
      return;
    }
    const stop = () => body.destroy(new Error('the export was stopped'));
    stopped.addEventListener('abort', stop);
    try {
      zip.addReadStream(body, file.path, { ...STORED, size: bytes });
      await finished(body);
      file.included = true;
    } finally {
      stopped.removeEventListener('abort', stop);
    }
  }

  return {
    async archive(userId) {
      const { profile, profileMedia, entries } = await collect(userId);
      const zip = new ZipFile();
      const output = zip.outputStream as Readable;
      const stopped = new AbortController();
      output.once('close', () => stopped.abort());
      // yazl reports a stored object whose length differs from what storage said (a cut S3 body) on the archive
      // itself; unheard, that error would end the process.
      zip.on('error', (error: Error) => {
        log.error({ err: error }, 'a data export failed while it was being sent');
        output.destroy(error);
      });
      const write = async () => {
        zip.addBuffer(Buffer.from(JSON.stringify(profile, null, 2)), 'profile.json');
        for (const file of [...profileMedia, ...entries.flatMap((entry) => entry.media)]) {
          if (stopped.signal.aborted) return;
          await addObject(zip, file, stopped.signal);
        }
        // Last, so it can say which objects are in the archive.
        const index = {
          format: 'earshot-data-export',
          version: 1,
          exportedAt: new Date().toISOString(),
          profile: { path: 'profile.json', media: profileMedia.map(listed) },
          entries: entries.map((entry) => ({ ...entry, media: entry.media.map(listed) })),
        };
        zip.addBuffer(Buffer.from(JSON.stringify(index, null, 2)), 'index.json');
        zip.end();
      };
      write().catch((error: unknown) => {
        if (stopped.signal.aborted) return;
        log.error({ err: error }, 'a data export failed while it was being sent');
        // The download breaks off rather than ending as a whole-looking but incomplete archive.
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return output;
    },
  };
}
