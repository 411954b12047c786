/**
 * The one place that knows every mounted player: only one audio element plays at a time, and starting another
 * pauses the current one (spec §4), whoever starts it — our play button, the lock screen or a headset.
 */
const registered = new Set<HTMLAudioElement>();
let current: HTMLAudioElement | null = null;

function pauseOthers(element: HTMLAudioElement): void {
  for (const other of registered) if (other !== element && !other.paused) other.pause();
  current = element;
}

const onPlay = (event: Event) => {
  const element = event.currentTarget as HTMLAudioElement;
  // Started and paused at once (a player priming its elements for iOS Safari): it never played, so stops nobody.
  if (!element.paused) pauseOthers(element);
};

export function registerAudioElement(element: HTMLAudioElement): () => void {
  registered.add(element);
  element.addEventListener('play', onPlay);
  return () => {
    element.removeEventListener('play', onPlay);
    registered.delete(element);
    if (current === element) current = null;
  };
}

/** Spec §8: playing an unregistered element is a programming error; a failed play clears the current record. */
export async function playExclusively(element: HTMLAudioElement | null): Promise<void> {
  if (!element || !registered.has(element)) throw new Error('No audio element registered');
  pauseOthers(element);
  try {
    await element.play();
  } catch (error) {
    if (current === element) current = null;
    throw error;
  }
}

/** Before recording: nothing may play over the microphone. */
export function pauseAllAudio(): void {
  for (const element of registered) if (!element.paused) element.pause();
}
