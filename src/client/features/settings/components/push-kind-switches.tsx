import { LoadError } from '@client/components/load-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/lib/use-toast';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { PUSH_KINDS, usePushPreferences, useSavePushPreference, type PushKind } from '../api/push';
import { SwitchRow } from './switch-row';

const KIND_TEXT: Record<PushKind, { label: string; hint?: string }> = {
  messages: { label: 'Voice messages' },
  replies: { label: 'Replies to my posts' },
  followers: { label: 'New followers' },
  likes: { label: 'Likes', hint: 'Grouped: at most one notification per post an hour.' },
  newPosts: { label: 'New posts from people I follow', hint: 'Off unless you turn it on.' },
};

/** What the person is notified about, on every device they turned on; each switch saves at once. */
export function PushKindSwitches() {
  const preferences = usePushPreferences();
  const save = useSavePushPreference();
  const shown = { ...preferences.data, ...(save.isPending ? save.variables : {}) };
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-muted-foreground">Notify me about</legend>
      {preferences.isPending ? (
        <div role="status" aria-label="Loading what you are notified about" className="space-y-2">
          {PUSH_KINDS.map((kind) => (
            <Skeleton key={kind} className="h-14 w-full rounded-2xl" />
          ))}
        </div>
      ) : preferences.isError ? (
        <LoadError
          message="We couldn’t load what you are notified about."
          onRetry={() => void preferences.refetch()}
          retrying={preferences.isFetching}
          framed={false}
        />
      ) : (
        PUSH_KINDS.map((kind) => (
          <SwitchRow
            key={kind}
            {...KIND_TEXT[kind]}
            checked={shown[kind] === true}
            disabled={save.isPending}
            onCheckedChange={(on) =>
              save.mutate(
                { [kind]: on },
                {
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Not saved',
                      description: uploadErrorMessage(error),
                    }),
                },
              )
            }
          />
        ))
      )}
    </fieldset>
  );
}
