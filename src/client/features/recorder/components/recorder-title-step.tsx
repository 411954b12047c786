import { Mic, X } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { TITLE_MAX_LENGTH } from '@shared/domain/posts';
import { PromptIcon } from './recorder-prompt';

interface RecorderTitleStepProps {
  inputRef: Ref<HTMLInputElement>;
  icon: ReactNode;
  prompt: string;
  placeholder: string;
  title: string;
  onTitleChange: (title: string) => void;
  onClose: () => void;
  /** Called only with a title. */
  onStart: () => void;
}

/** The expanded recorder: a title first, then "Start Recording". */
export function RecorderTitleStep({
  inputRef,
  icon,
  prompt,
  placeholder,
  title,
  onTitleChange,
  onClose,
  onStart,
}: RecorderTitleStepProps) {
  const id = useId();
  const canStart = title.trim().length > 0;
  return (
    <div className="space-y-4 rounded-2xl border bg-background/60 p-3 sm:p-4">
      <div className="flex items-center gap-3 @xs:gap-4">
        <PromptIcon icon={icon} />
        <p id={`${id}-prompt`} className="min-w-0 flex-1 font-semibold">
          {prompt}
        </p>
        <Button variant="ghost" size="icon" aria-label="Close recorder" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <form
        className="flex flex-col gap-3 @md:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (canStart) onStart();
        }}
      >
        <label htmlFor={`${id}-title`} className="sr-only">
          Title
        </label>
        <Input
          ref={inputRef}
          id={`${id}-title`}
          value={title}
          onChange={(event) => onTitleChange(event.target.value)}
          placeholder={placeholder}
          maxLength={TITLE_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="go"
          aria-describedby={`${id}-prompt`}
          className="@md:flex-1"
        />
        <Button type="submit" disabled={!canStart}>
          <Mic aria-hidden="true" />
          Start Recording
        </Button>
      </form>
    </div>
  );
}
