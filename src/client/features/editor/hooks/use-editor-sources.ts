import { useCallback, useMemo, useState } from 'react';
import type { DraftEdit, DraftTake } from '@shared/contract/drafts';
import { ORIGINAL_SOURCE } from '@shared/domain/edit-list';
import { useSourcePeaks } from '../api/draft-edit';

/** The timeline's sources (the original and the takes recorded so far): their peaks and their audio. */
export function useEditorSources(draftId: string, edit: DraftEdit) {
  const [takes, setTakes] = useState<readonly DraftTake[]>(edit.takes);
  const addTake = useCallback((take: DraftTake) => setTakes((list) => [...list, take]), []);
  const sources = useMemo(() => [ORIGINAL_SOURCE, ...takes.map((take) => take.id)], [takes]);
  const peaks = useSourcePeaks(draftId, sources);
  const audioUrls = useMemo(
    () =>
      new Map([
        [ORIGINAL_SOURCE, edit.original.audioUrl],
        ...takes.map((take) => [take.id, take.audioUrl] as const),
      ]),
    [edit.original.audioUrl, takes],
  );
  return { peaks, audioUrls, addTake };
}
