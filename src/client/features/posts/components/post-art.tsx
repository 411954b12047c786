import type { Post } from '@shared/contract/posts';
import { waveformBars } from '@shared/domain/post-art';

const BARS = 36;
const PITCH = 10;
const BAR_WIDTH = 5;
const HEIGHT = 120;

/**
 * A photo-less post's artwork in a grid: its own waveform, drawn large and soft as on its share card, from the peaks
 * its JSON already carries (no request of its own). The tile's gradient (`postArtGradient`) lies under it.
 */
export function PostArt({ post }: { post: Pick<Post, 'waveformData'> }) {
  const bars = waveformBars(post.waveformData, BARS);
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${BARS * PITCH} ${HEIGHT}`}
      className="absolute inset-x-[8%] top-[20%] w-[84%] fill-white/25"
    >
      {bars.map((level, index) => {
        const height = Math.max(BAR_WIDTH, level * HEIGHT);
        return (
          <rect
            key={index}
            x={index * PITCH + (PITCH - BAR_WIDTH) / 2}
            y={(HEIGHT - height) / 2}
            width={BAR_WIDTH}
            height={height}
            rx={BAR_WIDTH / 2}
          />
        );
      })}
    </svg>
  );
}
