import { ArrowLeft, Mic, Podcast, Upload } from 'lucide-react';
import { useId, useRef, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { Button } from '@client/components/ui/button';
import type { PublishType } from '../lib/upload-form';

interface RecorderTypeChooserProps {
  /** Wraps the tiles: focus goes to the first one. */
  tilesRef: Ref<HTMLDivElement>;
  title: string;
  onBack: () => void;
  onRecord: (type: PublishType) => void;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** After the title: Voice Post, Pods, or Upload. */
export function RecorderTypeChooser({ tilesRef, title, onBack, onRecord, onFile }: RecorderTypeChooserProps) {
  const fileInputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <Button variant="ghost" size="icon" aria-label="Back to the title" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
        </Button>
        <div className="min-w-0">
          <h3 className="font-semibold">What are you making?</h3>
          <p className="truncate text-sm text-muted-foreground">“{title.trim()}”</p>
        </div>
      </div>
      <div ref={tilesRef} className="grid gap-3 @lg:grid-cols-3">
        <ChoiceTile
          icon={<Mic className="size-6" aria-hidden="true" />}
          label="Voice Post"
          hint="A quick thought, in a minute or two"
          onClick={() => onRecord('post')}
        />
        <ChoiceTile
          icon={<Podcast className="size-6" aria-hidden="true" />}
          label="Pods"
          hint="A longer, podcast-style episode"
          onClick={() => onRecord('episode')}
        />
        <ChoiceTile
          icon={<Upload className="size-6" aria-hidden="true" />}
          label="Upload"
          hint="An audio file you already have"
          onClick={() => fileInputRef.current?.click()}
        />
      </div>
      <input
        ref={fileInputRef}
        type="file"
        // Chromium types WebM files video/webm, so audio/* alone would hide the format browsers record in.
        accept="audio/*,.webm"
        aria-label="Audio file to upload"
        className="hidden"
        onChange={onFile}
      />
    </div>
  );
}

function ChoiceTile({
  icon,
  label,
  hint,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  hint: string;
  onClick: () => void;
}) {
  const hintId = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-describedby={hintId}
      className="group flex cursor-pointer items-center gap-4 rounded-2xl border bg-background/60 p-4 text-left transition-[background-color,border-color,transform] hover:border-primary/40 hover:bg-accent active:scale-[0.99] @lg:flex-col @lg:items-start @lg:gap-3"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block font-semibold">{label}</span>
        <span id={hintId} className="block text-sm text-muted-foreground">
          {hint}
        </span>
      </span>
    </button>
  );
}
