import type { Context } from '@fedify/fedify';
import { controlCharacterAt } from '../http/control-characters';

/**
 * What `uri` names among our actors and objects, or null. An id holding a control character names nothing here, as
 * on our own routes: PostgreSQL cannot even compare one, and an activity naming one would fail and be retried.
 */
export function ourUri(ctx: Context<void>, uri: URL) {
  const named = ctx.parseUri(uri);
  return named && controlCharacterAt(named) === undefined ? named : null;
}
