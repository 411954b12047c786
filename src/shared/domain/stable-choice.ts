/** The same item of `choices` for the same key, every time (a string hash): artwork that stays with its post or person. */
export function stableChoice<T>(key: string, choices: readonly [T, ...T[]]): T {
  let hash = 0;
  for (const character of key) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return choices[hash % choices.length] ?? choices[0];
}
