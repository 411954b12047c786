import { createHmac, randomBytes } from 'node:crypto';
import { actorOf } from '../access/policy';
import { findPostFor } from '../access/posts';
import type { Db } from '../db/database';
import { findAudioAsset } from '../db/queries/audio-assets';
import { daySalt, recordListen } from '../db/queries/listens';
import { addressBlock } from './address-block';

/** Who is listening: a signed-in person, or a visitor known only by where they connect from and their browser. */
export type Listener = { userId: string } | { ip: string; userAgent: string };

export interface ListenService {
  /**
   * Adds `seconds` of listening time to the listener's day on the post, at most the post's measured length per
   * report and three times it per day. A listen counts once their time that day reaches five seconds, or the whole
   * post when it is shorter. The owner's own plays are not recorded. True on the report that made it count.
   */
  record(listener: Listener, postId: string, seconds: number): Promise<boolean>;
  /** What the listen rate limit counts a request against: a member, or a visitor's address block, under today's salt. */
  limitKey(listener: Listener): Promise<string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seconds of listening that make a listen, or the whole post when it is shorter. */
const COUNTED_AFTER_SECONDS = 5;
/** A day's listening time kept per listener and post, in plays of the whole post. */
const MOST_PLAYS_A_DAY = 3;

/** YYYY-MM-DD in UTC: the day a listen counts on. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The oldest day whose listener salt is kept: yesterday. Older salts are deleted by the hourly maintenance. */
export const oldestKeptSaltDay = (now: Date) => utcDay(new Date(now.getTime() - DAY_MS));

/**
 * A listener's key for one day, as Plausible Analytics keys its visitors: an HMAC under that day's random salt of
 * the member's user id, or of a visitor's address block and user agent. It tells two plays by the same listener on
 * the same day apart from two listeners, yet no user id or address is stored, and once the salt is deleted nobody,
 * not even someone holding the database, can link that day's keys to anyone again.
 */
function listenerKey(salt: string, listener: Listener): string {
  return 'userId' in listener
    ? memberListenerKey(salt, listener.userId)
    : `v:${keyed(salt, `${addressBlock(listener.ip)}\n${listener.userAgent}`)}`;
}

/** A member's key under one day's salt: while that salt is kept, their rows of that day can be found (and deleted). */
export function memberListenerKey(salt: string, userId: string): string {
  return `m:${keyed(salt, `u:${userId}`)}`;
}

const keyed = (salt: string, text: string) => createHmac('sha256', salt).update(text).digest('hex');

export function createListenService(deps: { db: Db }): ListenService {
  const { db } = deps;
  // Today's salt, once read: a single entry, replaced when the day changes.
  let cached: { day: string; salt: string } | undefined;
  async function saltOf(day: string): Promise<string> {
    if (cached?.day !== day) {
      cached = { day, salt: await daySalt(db, day, randomBytes(32).toString('hex')) };
    }
    return cached.salt;
  }

  return {
    async record(listener, postId, seconds) {
      const userId = 'userId' in listener ? listener.userId : undefined;
      const post = await findPostFor(db, actorOf(userId), 'view', postId);
      // Stats say how far a post reaches others: its owner replaying it while editing would only blur that.
      if (userId === post.user_id) return false;
      const duration = (await findAudioAsset(db, post.audio_id))?.duration ?? 0;
      const now = new Date();
      const day = utcDay(now);
      return recordListen(
        db,
        {
          postId: post.id,
          ownerId: post.user_id,
          listenerKey: listenerKey(await saltOf(day), listener),
          day,
        },
        Math.min(seconds, duration),
        { threshold: Math.min(COUNTED_AFTER_SECONDS, duration), cap: MOST_PLAYS_A_DAY * duration },
      );
    },
    async limitKey(listener) {
      const salt = await saltOf(utcDay(new Date()));
      // A visitor's browser is left out: changing it must not buy a script more reports.
      return 'userId' in listener
        ? listenerKey(salt, listener)
        : `a:${keyed(salt, `a:${addressBlock(listener.ip)}`)}`;
    },
  };
}
