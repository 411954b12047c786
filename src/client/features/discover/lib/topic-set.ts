import { RECORDING_PROMPTS } from '@shared/domain/recording-prompts';

/** Spec §2/§9 Discover: three prompts at a time. */
export const TOPICS_SHOWN = 3;

/**
 * Three different prompts from the fixed list, none of them one of `current`, so each refresh shows a new set.
 */
export function nextTopicSet(current: readonly string[] = [], random: () => number = Math.random): string[] {
  const pool: string[] = RECORDING_PROMPTS.filter((prompt) => !current.includes(prompt));
  const chosen: string[] = [];
  while (chosen.length < TOPICS_SHOWN && pool.length > 0) {
    const [prompt] = pool.splice(Math.floor(random() * pool.length), 1);
    if (prompt) chosen.push(prompt);
  }
  return chosen;
}
