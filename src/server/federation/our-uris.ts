import type { Context } from '@fedify/fedify';
import { controlCharacterAt } from '../http/control-characters';

/**
 * The identifier of this server's own actor (an Application), which speaks for the server rather than for one of
 * its people: a forwarded report is its. No user id (a UUID) is ever this.
 */
export const INSTANCE_ACTOR = 'instance';

const COMMENTS_PATH = '/ap/comments/';

/** Where one of our people's voice comments is, as a Note on other servers. */
export const commentNoteUri = (ctx: Context<void>, commentId: string) =>
  new URL(`${COMMENTS_PATH}${commentId}`, ctx.canonicalOrigin);

/**
 * What `uri` names among our actors and objects, or null. An id holding a control character names nothing here, as
 * on our own routes: PostgreSQL cannot even compare one, and an activity naming one would fail and be retried.
 */
export function ourUri(ctx: Context<void>, uri: URL) {
  const named = ctx.parseUri(uri);
  return named && controlCharacterAt(named) === undefined ? named : null;
}

/** The id of the voice comment whose Note a path of ours (`/ap/comments/{id}`) is, or undefined. */
export function commentIdInPath(pathname: string): string | undefined {
  if (!pathname.startsWith(COMMENTS_PATH)) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(pathname.slice(COMMENTS_PATH.length));
  } catch {
    return undefined;
  }
  return id && !id.includes('/') && controlCharacterAt({ path: id }) === undefined ? id : undefined;
}

/** The id of the voice comment of ours that `uri` is the Note of, or undefined. */
export function ourCommentId(ctx: Context<void>, uri: URL): string | undefined {
  return uri.origin === new URL(ctx.canonicalOrigin).origin ? commentIdInPath(uri.pathname) : undefined;
}
