import { stableChoice } from '@shared/domain/stable-choice';
/** Spec §2: without a cover image of their own, a gradient; picked from the user id so each profile keeps its own. */
const COVER_GRADIENTS = [
  'from-orange-400 via-rose-500 to-fuchsia-600',
  'from-amber-300 via-orange-500 to-rose-600',
  'from-teal-400 via-cyan-600 to-indigo-700',
  'from-violet-400 via-purple-600 to-rose-500',
  'from-emerald-400 via-teal-600 to-sky-700',
  'from-sky-400 via-indigo-500 to-violet-600',
] as const;

export function coverGradient(userId: string): string {
  return stableChoice(userId, COVER_GRADIENTS);
}
