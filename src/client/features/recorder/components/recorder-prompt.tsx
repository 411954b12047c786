import type { ReactNode, Ref } from 'react';

/** The recorder's round mark: a microphone, or a notebook for voice drafts. */
export function PromptIcon({ icon }: { icon: ReactNode }) {
  return (
    <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-soft @xs:size-12 @xs:rounded-2xl">
      {icon}
    </span>
  );
}

interface RecorderPromptProps {
  ref: Ref<HTMLButtonElement>;
  icon: ReactNode;
  prompt: string;
  hint: string;
  onExpand: () => void;
  /** The pointer is on its way: a chance to load the session's code. */
  onIntent: () => void;
}

/** The collapsed recorder: one row that opens the title step. */
export function RecorderPrompt({ ref, icon, prompt, hint, onExpand, onIntent }: RecorderPromptProps) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onExpand}
      onPointerEnter={onIntent}
      aria-expanded="false"
      className="group flex w-full cursor-pointer items-center gap-3 @xs:gap-4 rounded-2xl border border-transparent bg-secondary/60 p-3 pr-4 text-left transition-colors hover:border-border hover:bg-secondary sm:p-4"
    >
      <PromptIcon icon={icon} />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{prompt}</span>
        <span className="block truncate text-sm text-muted-foreground">{hint}</span>
      </span>
      <span
        aria-hidden="true"
        className="hidden h-9 items-center rounded-full bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-soft transition-transform group-hover:scale-[1.03] @sm:inline-flex"
      >
        Record
      </span>
    </button>
  );
}
