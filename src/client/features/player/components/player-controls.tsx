import { FastForward, Link2, Rewind, Volume1, Volume2, VolumeX } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Slider } from '@client/components/ui/slider';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { SkipSilenceToggle } from '@client/components/skip-silence';
import { SKIP_SECONDS } from '../hooks/use-media-session';
import type { PlayerState } from './audio-player';

function VolumeIcon({ volume }: { volume: number }) {
  if (volume === 0) return <VolumeX aria-hidden="true" />;
  if (volume < 0.5) return <Volume1 aria-hidden="true" />;
  return <Volume2 aria-hidden="true" />;
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} onClick={onClick} disabled={disabled}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** Skip ±10 s, speed, skip silence, a link to this moment and volume: loaded with the first full player. */
export function PlayerControls({
  player,
  title,
  onCopyMoment,
}: {
  player: PlayerState;
  title: string;
  /** Copies the link at the playhead; no button without it. */
  onCopyMoment?: () => void;
}) {
  const lastVolume = useRef(player.volume > 0 ? player.volume : 1);
  const disabled = !player.canPlay;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <IconButton label="Back 10 seconds" onClick={() => player.skip(-SKIP_SECONDS)} disabled={disabled}>
        <Rewind />
      </IconButton>
      <IconButton label="Forward 10 seconds" onClick={() => player.skip(SKIP_SECONDS)} disabled={disabled}>
        <FastForward />
      </IconButton>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            className="min-w-14 px-3 tabular-nums"
            aria-label={`Playback speed ${player.rate}×`}
            onClick={player.cycleRate}
          >
            {player.rate}×
          </Button>
        </TooltipTrigger>
        <TooltipContent>Change speed</TooltipContent>
      </Tooltip>
      <SkipSilenceToggle on={player.skipSilence} onToggle={player.toggleSkipSilence} />
      {onCopyMoment && (
        <IconButton label="Copy link at current time" onClick={onCopyMoment}>
          <Link2 />
        </IconButton>
      )}
      <div className="ml-auto flex items-center gap-1">
        <IconButton
          label={player.volume === 0 ? 'Unmute' : 'Mute'}
          onClick={() => {
            if (player.volume === 0) player.setVolume(lastVolume.current || 1);
            else {
              lastVolume.current = player.volume;
              player.setVolume(0);
            }
          }}
        >
          <VolumeIcon volume={player.volume} />
        </IconButton>
        <Slider
          className="hidden w-24 sm:flex"
          label={`Volume for ${title}`}
          valueText={`${Math.round(player.volume * 100)}%`}
          min={0}
          max={1}
          step={0.05}
          value={[player.volume]}
          onValueChange={([value]) => player.setVolume(value ?? 0)}
        />
      </div>
    </div>
  );
}
