import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  Conversation,
  ConversationRecording,
  PublishConversationResult,
  PublishRequest,
} from '@shared/contract/conversations';
import type { ConversationType } from '@shared/domain/conversations';
import { NO_MESSAGES_TO_POST_MESSAGE } from '@shared/domain/conversations';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { fetchKeysetPage, keysetPagesOptions, type KeysetPage } from '@client/lib/keyset-page';
import { postListQueries, routeKey, routeQueries } from '@client/lib/query-keys';
import { recordingFileName } from '@client/lib/audio/recording-support';
import type { RecordedTake } from '@client/lib/audio/use-recorded-take';
import { toFormData } from '@client/lib/multipart-form';
import {
  uploadErrorMessage,
  uploadWithProgress,
  type UploadProgress,
} from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';

/** Spec §7 GET /api/conversations?type=…: mine of one kind (a tab), newest activity first, a page at a time. */
export const conversationPagesOptions = (type: ConversationType) =>
  keysetPagesOptions('listConversations', { filters: { type } });
const conversationListQueries = routeQueries('listConversations');
/** What a message, a read or a leave changes: the lists, each conversation, the unread total, a request to post. */
const conversationQueries = routeQueries(
  'listConversations',
  'getConversation',
  'unreadConversations',
  'getPublishRequest',
);

/** Every loaded conversation of one kind, in the list's order. */
export function useConversationList(type: ConversationType) {
  const query = useInfiniteQuery(conversationPagesOptions(type));
  const list = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, list };
}

/** GET /api/conversations/unread: unread messages over all my conversations, the Conversations nav item's badge. */
export function useUnreadConversationCount(): number {
  const query = useQuery(
    queryOptions<RouteResponse<Routes['unreadConversations']>>({ queryKey: routeKey('unreadConversations') }),
  );
  return query.data?.count ?? 0;
}

/** GET /api/conversations/{id}: one of mine. `missing` when it is not (not mine, or gone). */
export function useConversation(id: string) {
  const query = useQuery(queryOptions<Conversation>({ queryKey: routeKey('getConversation', { id }) }));
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return {
    conversation: query.data ?? null,
    isPending: query.isPending,
    isError: query.isError && !missing,
    missing,
    refetch: query.refetch,
  };
}

type RecordingPages = InfiniteData<KeysetPage<ConversationRecording>, string>;

/**
 * Spec §7 GET /api/conversations/{id}/recordings: the first page holds the newest messages (oldest first within
 * it), the next ones older messages. Reading it marks the conversation read, so the unread counts (the lists',
 * the conversation's and the total) are fetched again after each read.
 */
export const recordingPagesOptions = (conversationId: string, queryClient: QueryClient) => {
  const options = keysetPagesOptions('listConversationRecordings', { params: { id: conversationId } });
  return {
    ...options,
    queryFn: async ({ pageParam, signal }: { pageParam: string; signal: AbortSignal }) => {
      const page = await fetchKeysetPage<ConversationRecording>(pageParam, signal);
      void queryClient.invalidateQueries(conversationQueries);
      return page;
    },
  };
};

export function useConversationRecordings(conversationId: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...recordingPagesOptions(conversationId, queryClient),
    refetchOnMount: 'always',
  });
  // Oldest first: the older pages go before the newer ones.
  const messages = useMemo(
    () =>
      query.data?.pages
        .slice()
        .reverse()
        .flatMap((page) => page.items) ?? [],
    [query.data],
  );
  return { ...query, messages };
}

function recordingsKey(conversationId: string) {
  return keysetPagesOptions('listConversationRecordings', { params: { id: conversationId } }).queryKey;
}

/** A message sent or received: at the end of the newest page, once. */
export function addRecordingToCache(queryClient: QueryClient, recording: ConversationRecording): void {
  queryClient.setQueryData<RecordingPages>(recordingsKey(recording.conversationId), (data) => {
    if (!data || data.pages.some((page) => page.items.some((item) => item.id === recording.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, items: [...newest.items, recording] }, ...older] };
  });
}

export function removeRecordingFromCache(
  queryClient: QueryClient,
  conversationId: string,
  recordingId: string,
): void {
  queryClient.setQueryData<RecordingPages>(recordingsKey(conversationId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => item.id !== recordingId),
          })),
        }
      : data,
  );
}

/** Whether the conversation's messages are on screen now (its query has an observer). */
export function isConversationOpen(queryClient: QueryClient, conversationId: string): boolean {
  return (
    (queryClient
      .getQueryCache()
      .find({ queryKey: recordingsKey(conversationId) })
      ?.getObserversCount() ?? 0) > 0
  );
}

/** Messages changed: the open conversation is read again (which marks it read), the list always. */
export function refreshAfterMessage(queryClient: QueryClient, conversationId: string): void {
  if (isConversationOpen(queryClient, conversationId)) {
    void queryClient.invalidateQueries({ queryKey: recordingsKey(conversationId) });
  } else {
    refreshConversationList(queryClient);
  }
}

/** The lists, each conversation and the unread total, fetched again. */
export function refreshConversationList(queryClient: QueryClient): void {
  void queryClient.invalidateQueries(conversationQueries);
}

export interface NewConversation {
  type: ConversationType;
  participantIds: string[];
  name?: string;
}

/**
 * Spec §7 POST /api/conversations: a direct chat with someone I already talk to answers that one. Errors show the
 * server's message (spec §8).
 */
export function useCreateConversation(onCreated: (conversation: Conversation) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewConversation) => apiRequest('createConversation', { body }),
    onSuccess: (conversation) => {
      refreshConversationList(queryClient);
      onCreated(conversation);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: uploadErrorMessage(error) }),
  });
}

/** POST /api/conversations/{id}/members: people join a group (any member may add them). */
export function useAddMembers(
  conversationId: string,
  onAdded: (conversation: Conversation, addedIds: string[]) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      apiRequest('addConversationMembers', { params: { id: conversationId }, body: { userIds } }),
    onSuccess: (conversation, addedIds) => {
      queryClient.setQueryData(routeKey('getConversation', { id: conversationId }), conversation);
      refreshConversationList(queryClient);
      onAdded(conversation, addedIds);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: uploadErrorMessage(error) }),
  });
}

/** Spec §7 DELETE /api/conversations/{id}: off my list (I leave it). Errors show the server's message. */
export function useLeaveConversation(onLeft?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest('leaveConversation', { params: { id: conversationId } }),
    onSuccess: (_answer, conversationId) => {
      queryClient.setQueriesData<InfiniteData<KeysetPage<Conversation>>>(conversationListQueries, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.id !== conversationId),
              })),
            }
          : data,
      );
      refreshConversationList(queryClient);
      queryClient.removeQueries({ queryKey: recordingsKey(conversationId) });
      toast({ title: 'Conversation deleted' });
      onLeft?.();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: uploadErrorMessage(error) }),
  });
}

/** Spec §7 DELETE /api/conversations/recordings/{id}, own messages only; spec §8 "Failed to delete recording". */
export function useDeleteRecording(conversationId: string, onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordingId: string) =>
      apiRequest('deleteConversationRecording', { params: { id: recordingId } }),
    onSuccess: (_answer, recordingId) => {
      removeRecordingFromCache(queryClient, conversationId, recordingId);
      refreshConversationList(queryClient);
      onDeleted?.();
    },
    onError: () => toast({ variant: 'destructive', title: 'Failed to delete recording' }),
  });
}

/** The server refused because there is nothing to post. */
function isNoContent(error: unknown): boolean {
  return uploadErrorMessage(error) === NO_MESSAGES_TO_POST_MESSAGE;
}

export function toastNoContent(): void {
  toast({ variant: 'destructive', title: 'No Content', description: NO_MESSAGES_TO_POST_MESSAGE });
}

/**
 * The "Pod" button (spec §4 Posting a conversation): the server joins every message into one post of mine. Spec
 * §5/§8: "No Content" when there is nothing to post, "Failed to post conversation: {reason}" otherwise.
 */
export function usePublishConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest('publishConversation', { params: { id: conversationId } }),
    onSuccess: (result, conversationId) => {
      // Others' voices are in it (issue 25): they are asked first, and the prompt shows who has answered.
      if (isPublishRequest(result)) {
        queryClient.setQueryData(routeKey('getPublishRequest', { id: conversationId }), result);
        toast({
          title: 'Asked the others',
          description: 'It is posted once everyone whose voice is in it agrees.',
        });
        return;
      }
      toastPosted(queryClient);
    },
    onError: failedToPost,
  });
}

function toastPosted(queryClient: QueryClient): void {
  void queryClient.invalidateQueries(postListQueries);
  toast({
    title: 'Conversation posted',
    description: 'It is now a post on your profile and in the feed.',
  });
}

function failedToPost(error: unknown): void {
  if (isNoContent(error)) toastNoContent();
  else toast({ variant: 'destructive', title: `Failed to post conversation: ${uploadErrorMessage(error)}` });
}

const isPublishRequest = (result: PublishConversationResult): result is PublishRequest =>
  'kind' in result && result.kind === 'publish-request';

/** GET …/publish-request: the request asking this conversation's voices to agree to its post, or null. */
export function usePublishRequest(conversationId: string) {
  return useQuery(
    queryOptions<PublishRequest | null>({ queryKey: routeKey('getPublishRequest', { id: conversationId }) }),
  );
}

/** Agree or decline, or (the asker) post it now with those who agreed, or withdraw it. */
export function usePublishRequestActions(conversationId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: routeKey('getPublishRequest', { id: conversationId }) });
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: `Failed to answer: ${uploadErrorMessage(error)}` });
  const answer = useMutation({
    mutationFn: (input: { requestId: string; answer: 'agree' | 'decline' }) =>
      apiRequest('answerPublishRequest', { params: { id: input.requestId }, body: { answer: input.answer } }),
    onSuccess: (request) => {
      if (request.status === 'posted') void queryClient.invalidateQueries(postListQueries);
      refresh();
    },
    onError: failed,
  });
  const postNow = useMutation({
    mutationFn: (requestId: string) => apiRequest('postPublishRequest', { params: { id: requestId } }),
    onSuccess: () => {
      toastPosted(queryClient);
      refresh();
    },
    onError: failedToPost,
  });
  const withdraw = useMutation({
    mutationFn: (requestId: string) => apiRequest('withdrawPublishRequest', { params: { id: requestId } }),
    onSuccess: refresh,
    onError: failed,
  });
  return { answer, postNow, withdraw };
}

/** Spec §7 POST /api/conversations/{id}/recordings: a voice message (the server measures its length). */
export function sendRecording(
  conversationId: string,
  take: RecordedTake,
  onProgress: (progress: UploadProgress) => void,
): Promise<ConversationRecording> {
  return uploadWithProgress('sendConversationRecording', {
    params: { id: conversationId },
    body: toFormData(
      'sendConversationRecording',
      { duration: String(take.seconds) },
      { audio: { blob: take.blob, name: recordingFileName('recording', take.mimeType) } },
    ),
    onProgress,
  });
}

/** A message of mine is in: shown at once, the list's counts follow. */
export function useRecordingSent() {
  const queryClient = useQueryClient();
  return (recording: ConversationRecording) => {
    addRecordingToCache(queryClient, recording);
    refreshConversationList(queryClient);
  };
}
