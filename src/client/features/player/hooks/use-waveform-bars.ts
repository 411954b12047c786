import { useEffect, useState } from 'react';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { getJson } from '@client/lib/api-client';
import { PLACEHOLDER_WAVEFORM, randomFallbackWaveform, resamplePeaks } from '../lib/waveform';

interface WaveformSource {
  waveformData?: readonly number[] | null;
  peaksUrl?: string | null;
  /** Decoded in the browser only when the server sent no waveform and no peaks. */
  audioUrl?: string | null;
}

interface WaveformBars {
  bars: readonly number[];
  placeholder: boolean;
}

const computed = new Map<string, number[]>();

/**
 * The bars to draw: the server's 100-bar `waveformData` whenever it is there (never decoding audio then); else the
 * server's detailed peaks; else the audio decoded here. A failure shows 100 random bars (spec §8), and the
 * 50-bar placeholder shows meanwhile.
 */
export function useWaveformBars({ waveformData, peaksUrl, audioUrl }: WaveformSource): WaveformBars {
  const hasServerBars = Boolean(waveformData && waveformData.length > 0);
  const key = `${peaksUrl ?? ''}|${audioUrl ?? ''}`;
  const [derived, setDerived] = useState<{ key: string; bars: number[] } | null>(() => {
    const cached = computed.get(key);
    return cached ? { key, bars: cached } : null;
  });

  useEffect(() => {
    if (hasServerBars || computed.has(key) || (!peaksUrl && !audioUrl)) return;
    const controller = new AbortController();
    const finish = (bars: number[]) => {
      computed.set(key, bars);
      if (!controller.signal.aborted) setDerived({ key, bars });
    };
    void (async () => {
      if (peaksUrl) {
        try {
          // The post's `peaksUrl` is its GET /api/posts/{id}/peaks.
          const answer = (await getJson(peaksUrl, controller.signal)) as RouteResponse<
            Routes['getPostPeaks']
          > | null;
          const bars = resamplePeaks(answer?.peaks ?? []);
          if (bars.length > 0) return finish(bars);
        } catch {
          if (controller.signal.aborted) return;
        }
      }
      if (!audioUrl) return finish(randomFallbackWaveform());
      try {
        const { decodeWaveform } = await import('../lib/decode-waveform');
        finish(await decodeWaveform(audioUrl, controller.signal));
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Could not draw the waveform from the audio', error);
        finish(randomFallbackWaveform());
      }
    })();
    return () => controller.abort();
  }, [hasServerBars, key, peaksUrl, audioUrl]);

  if (hasServerBars && waveformData) return { bars: waveformData, placeholder: false };
  if (derived && derived.key === key) return { bars: derived.bars, placeholder: false };
  return { bars: PLACEHOLDER_WAVEFORM, placeholder: true };
}
