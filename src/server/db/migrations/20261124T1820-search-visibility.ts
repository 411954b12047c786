import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { searchDocument } from './20261124T1700-search';
import * as searchKeys from './20261124T1810-search-keys';

/**
 * Who may see each searched post, next to its key in the search table: its author and whether it is published
 * (neither private nor a draft). A search takes its newest candidates among the posts its viewer may see
 * (queries/search.ts); taken before, others' private posts and drafts took candidates' places, so a word could
 * be flooded out of everyone's results and the count of results told something of what others keep private.
 *
 * SQLite: two columns of `posts_search_keys`, set when a key is given and when a post's author or visibility
 * changes. PostgreSQL: two columns of `posts_search`, written by its trigger with the document.
 */
const VISIBILITY_COLUMNS = ['user_id', 'is_private', 'is_draft'];
const publishedOf = (row: string) => sql.raw(`(${row}.is_private = 0 and ${row}.is_draft = 0)`);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts_search add column user_id text, add column published boolean not null default false`.execute(
    db,
  );
  await sql`update posts_search set user_id = posts.user_id, published = ${publishedOf('posts')}
    from posts where posts.id = posts_search.id`.execute(db);
  await sql`alter table posts_search alter column user_id set not null`.execute(db);
  await sql`create or replace function posts_search_write() returns trigger language plpgsql as $$
    begin
      insert into posts_search (id, document, user_id, published)
        values (new.id, ${searchDocument('new', searchKeys.SEARCHED.posts)}, new.user_id, ${publishedOf('new')})
        on conflict (id) do update
          set document = excluded.document, user_id = excluded.user_id, published = excluded.published;
      return null;
    end $$`.execute(db);
  await sql`drop trigger posts_search_write on posts`.execute(db);
  const written = [...Object.values(searchKeys.SEARCHED.posts).flat(), ...VISIBILITY_COLUMNS];
  await sql`create trigger posts_search_write after insert or update of ${sql.raw(written.join(', '))} on posts
    for each row execute function posts_search_write()`.execute(db);
  await sql`analyze posts_search`.execute(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts_search_keys add column user_id text`.execute(db);
  await sql`alter table posts_search_keys add column published integer not null default 0`.execute(db);
  await sql`update posts_search_keys set user_id = posts.user_id, published = ${publishedOf('posts')}
    from posts where posts.id = posts_search_keys.id`.execute(db);
  // A post's key is given by its insert trigger (20261124T1810-search-keys), after the post is written.
  await sql`create trigger posts_search_keys_visibility after insert on posts_search_keys
    begin
      update posts_search_keys set (user_id, published) = (select user_id, ${publishedOf('posts')} from posts
        where posts.id = new.id) where key = new.key;
    end`.execute(db);
  await sql`create trigger posts_search_visibility after update of ${sql.raw(VISIBILITY_COLUMNS.join(', '))} on posts
    begin
      update posts_search_keys set user_id = new.user_id, published = ${publishedOf('new')} where id = new.id;
    end`.execute(db);
}

/** Back to the search tables of 20261124T1810-search-keys, rebuilt from the rows. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`drop trigger posts_search_visibility`.execute(db);
  await searchKeys.down(db);
  await searchKeys.up(db);
}
