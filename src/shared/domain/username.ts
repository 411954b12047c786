export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const USERNAME_RULE_MESSAGE =
  'Username must be 3-30 characters and contain only letters, numbers, dots, dashes, and underscores.';

const ADJECTIVES = [
  'amber',
  'bold',
  'bright',
  'calm',
  'clear',
  'cosy',
  'deep',
  'gentle',
  'golden',
  'happy',
  'hushed',
  'keen',
  'lively',
  'lucky',
  'mellow',
  'merry',
  'quiet',
  'rapid',
  'silver',
  'steady',
  'sunny',
  'swift',
  'tidy',
  'vivid',
  'warm',
  'wild',
  'wise',
  'young',
];
const NOUNS = [
  'badger',
  'cello',
  'comet',
  'cricket',
  'echo',
  'falcon',
  'finch',
  'harbor',
  'heron',
  'lark',
  'maple',
  'meadow',
  'otter',
  'owl',
  'piano',
  'radio',
  'raven',
  'river',
  'robin',
  'signal',
  'sparrow',
  'starling',
  'thrush',
  'tuba',
  'violin',
  'whale',
  'willow',
  'wren',
];

/**
 * A readable handle for a new account, such as `quiet-otter-4821`, that says nothing about the person's e-mail.
 * `random(n)` gives an integer in [0, n); the database's unique index decides, and a clash draws again with more
 * `digits` (4 give 7.8 million handles, 8 give 78 billion).
 */
export function randomUsername(random: (n: number) => number, digits = 4): string {
  const adjective = ADJECTIVES[random(ADJECTIVES.length)]!;
  const noun = NOUNS[random(NOUNS.length)]!;
  return `${adjective}-${noun}-${String(random(10 ** digits)).padStart(digits, '0')}`;
}
