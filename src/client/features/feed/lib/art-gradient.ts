import { stableChoice } from '@shared/domain/stable-choice';
const GRADIENTS = [
  'from-orange-500 via-rose-500 to-fuchsia-600',
  'from-amber-400 via-orange-500 to-red-600',
  'from-teal-500 via-cyan-600 to-indigo-700',
  'from-violet-500 via-purple-600 to-rose-600',
  'from-emerald-500 via-teal-600 to-sky-700',
  'from-sky-500 via-indigo-600 to-violet-700',
] as const;

/** Stable artwork for items without a cover image. */
export function artGradient(id: string): string {
  return stableChoice(id, GRADIENTS);
}
