import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DomainBlockBody } from '@shared/contract/moderation';
import { apiRequest } from '@client/lib/api-client';
import { keysetPagesOptions } from '@client/lib/keyset-page';
import { routeQueries } from '@client/lib/query-keys';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';

/** Remote domains federation refuses, newest first; a page at a time. */
export const useDomainBlocks = () => useInfiniteQuery(keysetPagesOptions('listDomainBlocks', {}));

export function useBlockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DomainBlockBody) => apiRequest('blockDomain', { body }),
    onSuccess: (block) => {
      void queryClient.invalidateQueries(routeQueries('listDomainBlocks'));
      toast({ title: `${block.domain} is blocked` });
    },
  });
}

export function useUnblockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => apiRequest('unblockDomain', { params: { domain } }),
    onSuccess: (_answer, domain) => {
      void queryClient.invalidateQueries(routeQueries('listDomainBlocks'));
      toast({ title: `${domain} is no longer blocked` });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'That did not work', description: uploadErrorMessage(error) }),
  });
}
