import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Post } from '@shared/contract/posts';
import { apiRequest } from '@client/lib/api-client';
import { fetchAudio, originalAudioUrl } from '@client/lib/audio/fetch-audio';
import { keysetPagesOptions } from '@client/lib/keyset-page';
import { setPendingEditDraft } from '@client/lib/pending-edit-draft';
import { postListQueries, routeKey } from '@client/lib/query-keys';
import { toast } from '@client/lib/use-toast';
import { editDraftFrom } from '../lib/draft-labels';

/** Spec §7 GET /api/diary: the person's drafts, newest first, a page at a time (the next one from `Link`). */
export const draftPagesQueryOptions = () => keysetPagesOptions('listDrafts', {});

export function useDrafts() {
  return useInfiniteQuery({ ...draftPagesQueryOptions(), refetchOnMount: 'always' });
}

/** Spec §7 DELETE /api/diary/{id}; on failure spec §8 "Failed to delete voice draft. Please try again.". */
export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => apiRequest('deleteDraft', { params: { id: draftId } }),
    onSuccess: (_answer, draftId) => {
      // Gone from the screen at once; the refetch confirms it.
      queryClient.setQueryData(draftPagesQueryOptions().queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((draft) => draft.id !== draftId),
              })),
            }
          : data,
      );
      // The drafts, and the person's own posts and stories from the feed, where a draft may appear too.
      void queryClient.invalidateQueries(postListQueries);
      queryClient.removeQueries({ queryKey: routeKey('getPost', { id: draftId }), exact: true });
      toast({ title: 'Voice draft deleted' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Failed to delete voice draft. Please try again.' });
    },
  });
}

/**
 * Spec §4 "Editing a draft": fetches the draft's audio, hands the draft to Home's recorder and goes there. On
 * failure: "Error Loading Draft" / "Failed to load draft for editing". With one toast at a time (spec §9), the
 * recorder's toast on opening is `announcement` when given.
 */
export function useEditDraft(announcement?: string) {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (draft: Post) => editDraftFrom(draft, await fetchAudio(originalAudioUrl(draft))),
    onSuccess: (editDraft) => {
      setPendingEditDraft(announcement ? { ...editDraft, announcement } : editDraft);
      navigate('/');
    },
    onError: (error) => {
      console.warn('Could not load the draft for editing', error);
      toast({
        variant: 'destructive',
        title: 'Error Loading Draft',
        description: 'Failed to load draft for editing',
      });
    },
  });
}
