import { Loader2, SlidersHorizontal } from 'lucide-react';
import { LoadError } from '@client/components/load-error';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Post } from '@shared/contract/posts';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useDrafts, useEditDraft } from '@client/features/drafts/api/drafts';
import { DeleteDraftDialog } from '@client/features/drafts/components/delete-draft-dialog';
import { DraftCard } from '@client/features/drafts/components/draft-card';
import { DraftsEmpty } from '@client/features/drafts/components/drafts-empty';
import { DraftsSkeleton } from '@client/features/drafts/components/drafts-skeleton';
import { NewDraftSection } from '@client/features/drafts/components/new-draft-section';
import { draftTitle } from '@client/features/drafts/lib/draft-labels';
import { AudioPlayer } from '@client/features/player/components/audio-player';
import { EditorDialog, RecorderEditor } from '@client/app/compositions/draft-editor';

const RecorderPanel = lazy(() =>
  import('@client/features/recorder/components/recorder-panel').then((module) => ({
    default: module.RecorderPanel,
  })),
);

const NEW_DRAFT_ID = 'new-draft';

function RecorderFallback() {
  return (
    <div role="status" aria-label="Loading the recorder">
      <Skeleton className="h-[4.5rem] w-full rounded-2xl sm:h-20" />
    </div>
  );
}

/** Opens the "New Draft" recorder's prompt (from the empty state). */
function focusNewDraftRecorder() {
  const section = document.getElementById(NEW_DRAFT_ID);
  section?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  const prompt = section?.querySelector<HTMLButtonElement>('button[aria-expanded="false"]');
  if (prompt) prompt.click();
  else section?.querySelector<HTMLElement>('input, button')?.focus({ preventScroll: true });
}

/** Spec §2 Drafts: the person's private voice drafts, a quick recorder for a new one, play, Edit and Delete. */
export function DraftsPage() {
  const drafts = useDrafts();
  // Spec §4: the editor's Apply hands its draft to the save form, which then says the edit is done.
  const editDraft = useEditDraft('Audio Edited Successfully!');
  const [deleting, setDeleting] = useState<Post | null>(null);
  /** The draft open in the advanced editor. */
  const [editing, setEditing] = useState<Post | null>(null);
  /** "Advanced": the next draft recorded here opens in the editor once it is saved. */
  const [advanced, setAdvanced] = useState(false);
  const list = useMemo(() => drafts.data?.pages.flatMap((page) => page.items) ?? [], [drafts.data]);
  const openingId = editDraft.isPending ? editDraft.variables?.id : undefined;

  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <PageHeader
        title="Voice Drafts"
        description="Private recordings, only for you. Listen back, pick up where you left off, or let them go."
      />

      <NewDraftSection
        id={NEW_DRAFT_ID}
        action={
          <Button
            variant={advanced ? 'secondary' : 'ghost'}
            size="sm"
            aria-pressed={advanced}
            title="Record a draft, then trim it and add segments in the advanced editor"
            onClick={() => {
              setAdvanced(!advanced);
              if (!advanced) focusNewDraftRecorder();
            }}
          >
            <SlidersHorizontal aria-hidden="true" />
            Advanced
          </Button>
        }
      >
        <Suspense fallback={<RecorderFallback />}>
          <RecorderPanel
            mode="diary"
            editor={RecorderEditor}
            onSaved={(draft) => {
              if (!advanced) return;
              setAdvanced(false);
              setEditing(draft);
            }}
          />
        </Suspense>
      </NewDraftSection>

      <section aria-labelledby="drafts-list-heading" className="space-y-4">
        <div className="flex items-baseline justify-between gap-3">
          <h2
            id="drafts-list-heading"
            tabIndex={-1}
            className="text-xl font-bold tracking-tight outline-none"
          >
            Your drafts
          </h2>
          {drafts.isSuccess && list.length > 0 && (
            <p className="text-sm font-medium text-muted-foreground tabular-nums">
              {list.length}
              {drafts.hasNextPage ? '+' : ''} {list.length === 1 ? 'draft' : 'drafts'}
            </p>
          )}
        </div>

        {drafts.isPending ? (
          <DraftsSkeleton />
        ) : drafts.isError ? (
          <LoadError
            message="We couldn’t load your voice drafts."
            onRetry={() => void drafts.refetch()}
            retrying={drafts.isFetching}
          />
        ) : list.length === 0 ? (
          <DraftsEmpty onRecordFirst={focusNewDraftRecorder} />
        ) : (
          <>
            <ul className="space-y-4">
              {list.map((draft) => (
                <li key={draft.id}>
                  <DraftCard
                    draft={draft}
                    player={
                      <AudioPlayer
                        post={{ ...draft, title: draftTitle(draft) }}
                        variant="compact"
                        waveformHeight={48}
                      />
                    }
                    onEdit={setEditing}
                    onDelete={setDeleting}
                    opening={openingId === draft.id}
                    editDisabled={editDraft.isPending}
                  />
                </li>
              ))}
            </ul>
            {drafts.hasNextPage && (
              <div className="flex justify-center pt-2">
                <Button
                  variant="outline"
                  onClick={() => void drafts.fetchNextPage()}
                  disabled={drafts.isFetchingNextPage}
                >
                  {drafts.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                  {drafts.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </section>

      {editing && (
        <Suspense fallback={null}>
          <EditorDialog
            draft={{ id: editing.id, title: draftTitle(editing) }}
            onClose={() => setEditing(null)}
            // Spec §4: Apply hands the edited draft to the save form, as editing a draft does.
            onApplied={(draft) => {
              setEditing(null);
              editDraft.mutate(draft);
            }}
          />
        </Suspense>
      )}

      {deleting && (
        <DeleteDraftDialog
          draft={deleting}
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          // Its card is gone: keep keyboard focus in the list rather than lose it to the page.
          onDeleted={() =>
            requestAnimationFrame(() => document.getElementById('drafts-list-heading')?.focus())
          }
        />
      )}
    </div>
  );
}
