import { AudioLines, Flag, Link2, MoreHorizontal, ShieldCheck, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Post } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuCheckboxItem,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { cn } from '@client/lib/utils';
import { ReportDialog } from '@client/components/report-dialog';
import { useAuth } from '@client/lib/use-auth';
import { useVisitorCommentHold } from '../api/post';
import { useCopyPostLink } from '../hooks/use-copy-post-link';
import { postTitle } from '../lib/post-labels';

interface PostMenuProps {
  post: Post;
  isOwner: boolean;
  onExtend?: (post: Post) => void;
  onDeleted?: (post: Post) => void;
  /** Offer "Copy link" in the menu too (cards without their own share button). */
  includeShare?: boolean;
  appearance?: 'default' | 'overlay';
  className?: string;
}

const DeletePostDialog = lazy(() =>
  import('./delete-post-dialog').then((module) => ({ default: module.DeletePostDialog })),
);

/** Spec §2/§6: the owner's "Extend Post" and "Delete Post" (deleting asks once more). */
export function PostMenu({
  post,
  isOwner,
  onExtend,
  onDeleted,
  includeShare = false,
  appearance = 'default',
  className,
}: PostMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const copyLink = useCopyPostLink();
  const holdComments = useVisitorCommentHold(post.id);
  const { user } = useAuth();
  const canReport = user !== null && !isOwner;
  if (!isOwner && !includeShare && !canReport) return null;
  const title = postTitle(post);

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Options for ${title}`}
            className={cn(
              'size-9',
              appearance === 'overlay' &&
                'bg-black/35 text-white backdrop-blur-sm hover:bg-black/55 hover:text-white data-[state=open]:bg-black/55',
              className,
            )}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {includeShare && (
            <DropdownMenuItem onSelect={() => void copyLink(post.id)}>
              <Link2 aria-hidden="true" />
              Copy link
            </DropdownMenuItem>
          )}
          {includeShare && isOwner && <DropdownMenuSeparator />}
          {isOwner && onExtend && (
            <DropdownMenuItem onSelect={() => onExtend(post)}>
              <AudioLines aria-hidden="true" />
              Extend Post
            </DropdownMenuItem>
          )}
          {isOwner && post.allowVisitorComments && (
            <DropdownMenuCheckboxItem
              checked={post.holdVisitorComments ?? false}
              disabled={holdComments.isPending}
              onCheckedChange={(hold) => holdComments.mutate(hold)}
            >
              <ShieldCheck aria-hidden="true" />
              Hold visitor comments for approval
            </DropdownMenuCheckboxItem>
          )}
          {canReport && (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <Flag aria-hidden="true" />
              Report
            </DropdownMenuItem>
          )}
          {isOwner && (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Delete Post
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      {reporting && <ReportDialog open onOpenChange={setReporting} targetKind="post" targetId={post.id} />}
      {confirming && (
        <Suspense fallback={null}>
          <DeletePostDialog
            post={post}
            open={confirming}
            onOpenChange={setConfirming}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </>
  );
}
