import { Globe } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LoadError } from '@client/components/load-error';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { formatFullDate, formatRelativeTime } from '@client/lib/format';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { useBlockDomain, useDomainBlocks, useUnblockDomain } from '../api/domain-blocks';

/** Issue 28: whole fediverse domains refused, with the reason; a block covers the domain's subdomains too. */
export function DomainBlocksSection() {
  const blocks = useDomainBlocks();
  const block = useBlockDomain();
  const unblock = useUnblockDomain();
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');
  const items = blocks.data?.pages.flatMap((page) => page.items) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    block.mutate(
      { domain, reason },
      {
        onSuccess: () => {
          setDomain('');
          setReason('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="domain-blocks" className="space-y-4">
      <h2 id="domain-blocks" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
        <Globe aria-hidden="true" className="size-5" />
        Blocked domains
      </h2>
      <p className="text-sm text-muted-foreground">
        Nothing from a blocked fediverse server (or its subdomains) is taken, its people stop following anyone
        here, and nothing is sent there.
      </p>
      <form
        onSubmit={submit}
        className="grid gap-3 rounded-3xl border bg-card p-5 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <div className="space-y-2">
          <Label htmlFor="block-domain">Domain</Label>
          <Input
            id="block-domain"
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            placeholder="spam.example"
            autoComplete="off"
            required
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="block-reason">Reason</Label>
          <Input
            id="block-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="What moderators should know"
            maxLength={500}
            required
          />
        </div>
        <Button type="submit" disabled={block.isPending}>
          Block domain
        </Button>
        {block.isError && (
          <p role="alert" className="text-sm text-destructive sm:col-span-3">
            {uploadErrorMessage(block.error)}
          </p>
        )}
      </form>
      {blocks.isError ? (
        <LoadError
          message="We couldn’t load the blocked domains."
          onRetry={() => void blocks.refetch()}
          retrying={blocks.isFetching}
        />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {blocks.isPending ? 'Loading…' : 'No domains are blocked.'}
        </p>
      ) : (
        <ul className="divide-y rounded-3xl border bg-card">
          {items.map((item) => (
            <li key={item.domain} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 text-sm">
              <span className="font-semibold break-all">{item.domain}</span>
              <span className="text-muted-foreground">“{item.reason}”</span>
              <time
                dateTime={item.createdAt}
                title={formatFullDate(item.createdAt)}
                className="ml-auto text-xs text-muted-foreground"
              >
                {formatRelativeTime(item.createdAt)}
              </time>
              <Button
                variant="outline"
                size="sm"
                disabled={unblock.isPending}
                aria-label={`Unblock ${item.domain}`}
                onClick={() => unblock.mutate(item.domain)}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
      {blocks.hasNextPage && (
        <Button
          variant="outline"
          disabled={blocks.isFetchingNextPage}
          onClick={() => void blocks.fetchNextPage()}
        >
          Show more blocked domains
        </Button>
      )}
    </section>
  );
}
