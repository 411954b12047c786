import { barsFromSamples } from './waveform';

/**
 * Only for posts the server sent no waveform for (spec §7): fetches the audio and decodes it here. Loaded on
 * demand, so the cost is paid only where it is needed.
 */
export async function decodeWaveform(url: string, signal: AbortSignal): Promise<number[]> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const data = await response.arrayBuffer();
  const context = new OfflineAudioContext(1, 1, 44_100);
  const buffer = await context.decodeAudioData(data);
  return barsFromSamples(buffer.getChannelData(0));
}
