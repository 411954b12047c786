import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7: time-ordered, so rows created in the same millisecond still sort in creation order by id, which every
 * newest-first list uses as its tie-breaker. Within one process the ids are strictly increasing.
 */
export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
