import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig } from '../src/server/config';
import { recomputeLastActive } from '../src/server/db/queries/active-users';
import { recomputeTrendingScores } from '../src/server/db/queries/trending';
import type { Database } from '../src/server/db/schema';

/**
 * Data at scale for the list benches and the query-plan test, generated inside the database (a recursive CTE on
 * SQLite, generate_series on PostgreSQL) so a million posts take minutes, not hours. The values come from a
 * hash of each row's number in integer arithmetic both databases compute alike, so SQLite and PostgreSQL hold the
 * same rows and every run seeds the same data. Bump LIST_SEED_VERSION when the shape changes: cached seeds are
 * keyed by it.
 */
export const LIST_SEED_VERSION = 2;

export interface ListSeedSize {
  users: number;
  posts: number;
  /** Attempted; those that would land on a private post or a draft are left out. */
  comments: number;
  notifications: number;
  followsPerUser: number;
  /** People the first user follows on top of the rest, so one following list has many pages. */
  heavyFollowing: number;
  /**
   * Peaks stored per second of audio. Lists never read them, but at the product's 20 a second they make audio rows
   * as wide as in production (several KB: overflow pages on SQLite, TOAST on PostgreSQL).
   */
  peaksPerSecond: number;
}

export const FULL_LIST_SEED: ListSeedSize = {
  users: 100_000,
  posts: 1_000_000,
  comments: 200_000,
  notifications: 1_000_000,
  followsPerUser: 20,
  heavyFollowing: 2_000,
  peaksPerSecond: 20,
};

/**
 * Who is who in the seeded data, by construction: the owner of a post is drawn with a cube skew, so user 0 has
 * about 2 % of all posts, drafts and notifications; the one followed is drawn with a square skew, so user 0 also
 * has the most followers.
 */
export const HEAVY_USER_ID = userId(0);
/** An ordinary person in the middle of the list: a few posts, a few followers. */
export const ordinaryUserId = (size: ListSeedSize) => userId(Math.floor(size.users / 2));

function userId(index: number): string {
  return `u${String(index).padStart(9, '0')}`;
}

/** Post 0 is public and the one most commented on (comments pick their post with a steep skew). */
export function postId(index: number): string {
  return `p${String(index).padStart(9, '0')}`;
}

/** Fixed, so a cached seed and a fresh one agree; a year of posts before it. */
const SEED_NOW_MS = Date.UTC(2026, 10, 24);
const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;
const VARIANTS = 16;

type Kind = DatabaseConfig['kind'];

/** The few spellings that differ. Every expression below is plain integer or double arithmetic both agree on. */
export function dialectOf(kind: Kind) {
  return kind === 'sqlite'
    ? {
        rows: (count: number) => ({
          cte: `numbers(n) as (select 0 union all select n + 1 from numbers where n < ${count - 1})`,
          from: 'numbers',
        }),
        padded: (prefix: string, n: string) => `('${prefix}' || printf('%09d', ${n}))`,
        iso: (ms: string) =>
          `(strftime('%Y-%m-%dT%H:%M:%S', (${ms}) / 1000, 'unixepoch') || '.' || printf('%03d', (${ms}) % 1000) || 'Z')`,
      }
    : {
        rows: (count: number) => ({
          cte: undefined,
          from: `generate_series(0::bigint, ${count - 1}) as numbers(n)`,
        }),
        padded: (prefix: string, n: string) => `('${prefix}' || lpad((${n})::text, 9, '0'))`,
        iso: (ms: string) =>
          `(to_char(to_timestamp((${ms}) / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad(((${ms}) % 1000)::text, 3, '0') || 'Z')`,
      };
}

const MULTIPLIERS = [
  1103515245, 950706376, 742938285, 1226874159, 1343570989, 397204094, 1914874449, 1490024343, 2027812945,
  1581598043, 1219831381, 874716131, 1792393849, 1055201323, 1645288513, 1319524291,
];
/** Two primes just under 2^31: an affine step modulo each in turn, so no lattice of the first survives. */
const FIRST_PRIME = 2_147_483_647;
const SECOND_PRIME = 2_147_483_629;

/** A uniform number in [0, 1) from row number `n` and stream `stream` (0 to 15); `n` appears once, so it is cheap. */
function uniform(n: string, stream: number): string {
  const first = `((${n}) + 1) * ${MULTIPLIERS[stream]!} % ${FIRST_PRIME}`;
  const second = `((${first}) * ${MULTIPLIERS[(stream + 7) % MULTIPLIERS.length]!} + 12345) % ${SECOND_PRIME}`;
  return `(cast(${second} as double precision) / ${SECOND_PRIME})`;
}

const whole = (expr: string) => `cast(floor(${expr}) as bigint)`;

/**
 * Transcriptions and last names are words of a made-up vocabulary of this many words, drawn with a steep skew (the
 * fourth power of a uniform number), so search has words of every frequency: the first word is in about a third of
 * all posts, words near the end in a few dozen. Word `index` is spelled in a mixed radix of syllables, so every word
 * is distinct and both databases spell it alike (`seedWord`).
 */
export const SEED_VOCABULARY = 20_000;
const SYLLABLES = 'kamorisetunovilapedogufazibehuya';
const ENDINGS = 'nrsltmkd';
const WORDS_PER_TRANSCRIPTION = 6;

/** The seed's word number `index`, as `seedWordSql` spells it in the database. */
export function seedWord(index: number): string {
  const syllable = (digit: number) => SYLLABLES.slice(2 * digit, 2 * digit + 2);
  const ending = index >= 4096 ? ENDINGS[Math.floor(index / 4096) % ENDINGS.length]! : '';
  return (
    syllable(index % 16) +
    syllable(Math.floor(index / 16) % 16) +
    syllable(Math.floor(index / 256) % 16) +
    ending
  );
}

function seedWordSql(index: string): string {
  const syllable = (digit: string) => `substr('${SYLLABLES}', cast(1 + 2 * (${digit}) as integer), 2)`;
  return `(${syllable(`${index} % 16`)} || ${syllable(`${index} / 16 % 16`)} || ${syllable(`${index} / 256 % 16`)}
    || case when ${index} >= 4096 then substr('${ENDINGS}', cast(1 + ${index} / 4096 % ${ENDINGS.length} as integer), 1) else '' end)`;
}

/** A word drawn with the vocabulary's skew from row `n`, slot `slot` (0 to 7) of stream `stream`. */
const skewedWord = (n: string, stream: number, slot: number) =>
  seedWordSql(whole(`${SEED_VOCABULARY} * power(${uniform(`(${n}) * 8 + ${slot}`, stream)}, 4)`));

/** The values of post number n, shared by the statements that write its audio, image and row. */
function postValues(kind: Kind, size: ListSeedSize, n = 'n') {
  const d = dialectOf(kind);
  const variety = uniform(n, 2);
  const createdMs = `(${SEED_NOW_MS} - ${whole(`${uniform(n, 4)} * ${YEAR_MS}`)})`;
  return {
    id: d.padded('p', n),
    audioId: d.padded('a', n),
    imageId: d.padded('i', n),
    hasImage: `${uniform(n, 6)} < 0.1`,
    ownerId: d.padded('u', whole(`${size.users} * power(${uniform(n, 1)}, 3)`)),
    isDiary: `case when ${variety} > 0.93 then 1 else 0 end`,
    isPrivate: `case when ${variety} > 0.85 then 1 else 0 end`,
    isEpisode: `${uniform(n, 3)} < 0.06`,
    variant: whole(`${uniform(n, 5)} * ${VARIANTS}`),
    createdMs,
    createdAt: d.iso(createdMs),
  };
}

/** Durations by variant, 5 s to 3 min, most of them short, as people record. */
function durationOf(variant: number): number {
  return Math.round((5 + 175 * ((variant + 0.5) / VARIANTS) ** 2) * 1000) / 1000;
}

/** The 16 kinds of audio rows (durations, waveforms, peaks) that seeded rows pick from by `variant`. */
export function audioLibraryCte(size: Pick<ListSeedSize, 'peaksPerSecond'>): string {
  const rows = Array.from({ length: VARIANTS }, (_, variant) => {
    const bar = (index: number) =>
      Math.round((0.1 + 0.9 * Math.abs(Math.sin(variant * 7 + index))) * 1000) / 1000;
    const waveform = JSON.stringify(Array.from({ length: 100 }, (_, index) => bar(index)));
    const peakCount = Math.ceil(durationOf(variant) * size.peaksPerSecond);
    const peaks = JSON.stringify(Array.from({ length: peakCount }, (_, index) => bar(index * 3 + 1)));
    return `(${variant}, ${durationOf(variant)}, '${waveform}', '${peaks}')`;
  });
  return `audio_library(variant, duration, waveform_json, peaks_json) as (values ${rows.join(', ')})`;
}

export function withClause(...ctes: Array<string | undefined>): string {
  const present = ctes.filter(Boolean);
  return present.length ? `with recursive ${present.join(', ')} ` : '';
}

/**
 * Writes the whole data set into migrated, empty tables. Run it on one connection (`db.connection()`), so that
 * session settings made for the bulk load hold for every statement.
 */
export async function seedLists<DB>(
  db: Kysely<DB>,
  kind: Kind,
  size: ListSeedSize,
  progress: (message: string) => void = () => {},
): Promise<void> {
  const d = dialectOf(kind);
  const run = async (step: string, text: string) => {
    const started = performance.now();
    await sql.raw(text).execute(db);
    progress(`${step} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const rows = (count: number) => d.rows(count);
  // People and posts are written with their triggers on, which keep the search index in step, even where the
  // caller turned triggers off for the rest of the load (list-seed-cache.ts, to skip foreign key checks).
  const withTriggers = async (write: () => Promise<void>) => {
    if (kind !== 'postgres') return write();
    const { rows: settings } = await sql<{
      session_replication_role: string;
    }>`show session_replication_role`.execute(db);
    const role = settings[0]!.session_replication_role;
    if (role === 'origin') return write();
    await sql`set session_replication_role = origin`.execute(db);
    try {
      await write();
    } finally {
      await sql.raw(`set session_replication_role = ${role}`).execute(db);
    }
  };

  {
    const { cte, from } = rows(size.users);
    await withTriggers(() =>
      run(
        'users',
        `${withClause(cte)}
      insert into users (id, email, password_hash, first_name, last_name, username, bio, location, created_at)
      select ${d.padded('u', 'n')}, ${d.padded('person-', 'n')} || '@example.com', 'seeded-without-password',
        case n % 4 when 0 then 'Ada' when 1 then 'Bruno' when 2 then 'Chloé' else 'Dev' end,
        case n % 3 when 0 then 'Okafor' when 1 then 'Lindqvist' else ${skewedWord('n', 0, 0)} end,
        ${d.padded('person_', 'n')}, 'Talking about whatever is on my mind this week.', 'Lisbon',
        ${d.iso(`${SEED_NOW_MS - 2 * YEAR_MS} + n * 1000`)}
      from ${from}`,
      ),
    );
  }

  {
    const { cte, from } = rows(size.posts);
    const post = postValues(kind, size);
    await run(
      'audio of posts',
      `${withClause(cte, audioLibraryCte(size))}
      insert into audio_assets (id, owner_id, is_private, original_key, original_mime, original_bytes, rendition_key,
        rendition_mime, duration, waveform_json, peaks_json, peaks_per_second, loudness_lufs, created_at)
      select ${post.audioId}, ${post.ownerId}, ${post.isPrivate}, 'audio/' || ${post.audioId} || '/original.webm',
        'audio/webm', cast(audio_library.duration * 8000 as bigint), 'audio/' || ${post.audioId} || '/speech.m4a',
        'audio/mp4', audio_library.duration, audio_library.waveform_json, audio_library.peaks_json,
        ${size.peaksPerSecond}, -16, ${post.createdAt}
      from ${from} cross join audio_library where audio_library.variant = ${post.variant}`,
    );
    await run(
      'images',
      `${withClause(cte)}
      insert into images (id, owner_id, is_private, storage_key, mime, bytes, created_at)
      select ${post.imageId}, ${post.ownerId}, ${post.isPrivate}, 'images/' || ${post.imageId} || '.jpg', 'image/jpeg',
        180000, ${post.createdAt}
      from ${from} where ${post.hasImage}`,
    );
    await withTriggers(() =>
      run(
        'posts',
        `${withClause(cte)}
      insert into posts (id, user_id, type, is_draft, is_private, title, category, transcription, audio_id, image_id,
        allow_visitor_comments, created_at, updated_at)
      select ${post.id}, ${post.ownerId},
        case when ${post.isDiary} = 1 then 'diary' when ${post.isEpisode} then 'episode' else 'post' end,
        ${post.isDiary}, ${post.isPrivate},
        case n % 5 when 0 then 'Morning walk thoughts' when 1 then 'Quick update' when 2 then 'On the new album'
          when 3 then 'Rainy day' else 'Thoughts on the week' end,
        case when ${post.isDiary} = 1 then 'Personal' else
          case n % 4 when 0 then 'General' when 1 then 'Stories' when 2 then 'Tech' else 'Music' end end,
        case when ${uniform('n', 13)} < 0.8 then ${Array.from(
          { length: WORDS_PER_TRANSCRIPTION },
          (_, slot) => skewedWord('n', 11, slot),
        ).join(` || ' ' || `)} || '.' else null end,
        ${post.audioId}, case when ${post.hasImage} then ${post.imageId} else null end, n % 2,
        ${post.createdAt}, ${post.createdAt}
      from ${from}`,
      ),
    );
    await run(
      'post counts',
      `update users set post_count = counts.published from (
        select user_id, count(*) as published from posts where is_private = 0 and is_draft = 0 group by user_id
      ) as counts where counts.user_id = users.id`,
    );
  }

  {
    const { cte, from } = rows(size.comments);
    // The post a comment answers is drawn with a steep skew, so a few posts have long threads.
    const target = postValues(kind, size, whole(`${size.posts} * power(${uniform('n', 7)}, 4)`));
    const createdMs = `(${target.createdMs} + ${whole(`${uniform('n', 9)} * ${7 * DAY_MS}`)})`;
    const onPublicPost = `join posts on posts.id = ${target.id} and posts.is_private = 0 and posts.is_draft = 0`;
    await run(
      'audio of comments',
      `${withClause(cte, audioLibraryCte(size))}
      insert into audio_assets (id, owner_id, is_private, original_key, original_mime, original_bytes, duration,
        waveform_json, peaks_json, peaks_per_second, created_at)
      select ${d.padded('c', 'n')}, ${d.padded('u', whole(`${size.users} * ${uniform('n', 8)}`))}, 0,
        'audio/' || ${d.padded('c', 'n')} || '/original.webm', 'audio/webm', 80000, audio_library.duration,
        audio_library.waveform_json, audio_library.peaks_json, ${size.peaksPerSecond}, ${d.iso(createdMs)}
      from ${from} ${onPublicPost} cross join audio_library where audio_library.variant = n % 4`,
    );
    await run(
      'comments',
      `${withClause(cte)}
      insert into comments (id, post_id, user_id, audio_id, created_at)
      select ${d.padded('m', 'n')}, posts.id, ${d.padded('u', whole(`${size.users} * ${uniform('n', 8)}`))},
        ${d.padded('c', 'n')}, ${d.iso(createdMs)}
      from ${from} ${onPublicPost}`,
    );
  }

  {
    const { cte, from } = rows(size.notifications);
    const type = uniform('n', 12);
    const createdMs = `(${SEED_NOW_MS} - ${whole(`${uniform('n', 14)} * ${90 * DAY_MS}`)})`;
    await run(
      'notifications',
      `${withClause(cte)}
      insert into notifications (id, user_id, actor_id, type, post_id, dedupe_key, read_at, created_at)
      select ${d.padded('n', 'n')}, ${d.padded('u', whole(`${size.users} * power(${uniform('n', 10)}, 3)`))},
        ${d.padded('u', whole(`${size.users} * ${uniform('n', 11)}`))},
        case when ${type} < 0.5 then 'like' when ${type} < 0.7 then 'comment' when ${type} < 0.85 then 'follow'
          else 'repost' end,
        case when ${type} < 0.7 or ${type} >= 0.85
          then ${d.padded('p', whole(`${size.posts} * ${uniform('n', 13)}`))} else null end,
        'seed:' || ${d.padded('n', 'n')},
        case when n % 10 < 3 then null else ${d.iso(createdMs)} end, ${d.iso(createdMs)}
      from ${from}`,
    );
  }

  {
    const { cte, from } = rows(size.users * size.followsPerUser);
    const follower = whole(`n / ${size.followsPerUser}`);
    const followed = whole(`${size.users} * power(${uniform('n', 15)}, 2)`);
    await run(
      'follows',
      `${withClause(cte)}
      insert into follows (follower_id, following_id, created_at)
      select ${d.padded('u', follower)}, ${d.padded('u', followed)},
        min(${d.iso(`${SEED_NOW_MS} - ${whole(`${uniform('n', 0)} * ${YEAR_MS}`)}`)})
      from ${from} where ${followed} <> ${follower}
      group by ${follower}, ${followed}`,
    );
  }

  {
    const { cte, from } = rows(size.heavyFollowing);
    await run(
      'follows of the heaviest follower',
      `${withClause(cte)}
      insert into follows (follower_id, following_id, created_at)
      select '${HEAVY_USER_ID}', ${d.padded('u', 'n + 1')}, ${d.iso(`${SEED_NOW_MS} - (n + 1) * 60000`)}
      from ${from}
      where not exists (select 1 from follows
        where follower_id = '${HEAVY_USER_ID}' and following_id = ${d.padded('u', 'n + 1')})`,
    );
  }

  // What the discover migration computes for rows that exist when it runs, computed the same way.
  const started = performance.now();
  await recomputeTrendingScores(db as unknown as Kysely<Database>);
  await recomputeLastActive(db as unknown as Kysely<Database>);
  progress(`trending scores and last activity in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
