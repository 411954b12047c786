import type { Migration } from 'kysely';
import * as accounts from './20261121T2200-accounts';
import * as voicePosts from './20261121T2300-voice-posts';
import * as social from './20261121T2330-social';
import * as autosaveRecovery from './20261124T1000-autosave-recovery';
import * as loginThrottles from './20261124T1100-login-throttles';

/** Explicit registry, applied in key order. Add new migrations at the end with a later timestamp. */
export const migrations: Record<string, Migration> = {
  '20261121T2200-accounts': accounts,
  '20261121T2300-voice-posts': voicePosts,
  '20261121T2330-social': social,
  '20261124T1000-autosave-recovery': autosaveRecovery,
  '20261124T1100-login-throttles': loginThrottles,
};
