/**
 * The fixed list of 20 recording topics (spec §1, §2 Discover): the Home suggestion box shows one at a time,
 * Discover three. Written to be easy to start talking about, varied in mood, and kind.
 */
export const RECORDING_PROMPTS = [
  'Tell the story behind a song you can never skip',
  'What is a small thing that made your week better?',
  'Describe the kitchen you grew up in, one smell at a time',
  'Give one piece of advice to yourself from five years ago',
  'What are you learning right now, and what surprised you so far?',
  'Talk about a place you go to think',
  'Share a tradition from your family or culture that you love',
  'Who taught you something without knowing it?',
  'Describe your perfect slow Sunday morning',
  'What is a belief you changed your mind about?',
  'Recommend a book, film or podcast as if to a close friend',
  'Tell us about the best meal you have ever had',
  'What does your neighbourhood sound like right now?',
  'Share a moment when a stranger was unexpectedly kind',
  'What is something you are proud of that nobody sees?',
  'Describe a trip that did not go to plan, and what it gave you',
  'What would you do with one extra hour every day?',
  'Read out a few lines that stuck with you and say why',
  'What does a good friend mean to you?',
  'Talk about a goal for this month, and the first step',
] as const;

export type RecordingPrompt = (typeof RECORDING_PROMPTS)[number];

/** A prompt other than `previous`, chosen at random. */
export function randomPrompt(previous?: string, random: () => number = Math.random): string {
  const choices = RECORDING_PROMPTS.filter((prompt) => prompt !== previous);
  return choices[Math.floor(random() * choices.length)] ?? RECORDING_PROMPTS[0];
}
