import { AudioLines, Code, Flag, Link2, ShieldCheck, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuCheckboxItem,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useVisitorCommentHold } from '../api/post';
import { useCopyEmbedCode } from '../hooks/use-copy-embed-code';
import { useCopyPostLink } from '../hooks/use-copy-post-link';
import type { PostMenuProps } from './post-menu';
import { PostMenuButton } from './post-menu-button';
import { homeServerOf } from '@shared/domain/home-server';

// Dialogs load when first opened.
const DeletePostDialog = lazy(() =>
  import('./delete-post-dialog').then((module) => ({ default: module.DeletePostDialog })),
);
const ReportDialog = lazy(() =>
  import('@client/components/report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/** The menu itself, loaded when it is first opened: it opens as it mounts. */
export function PostMenuDropdown({
  post,
  isOwner,
  onExtend,
  onDeleted,
  includeShare = false,
  appearance,
  className,
  canReport,
  canEmbed,
}: PostMenuProps & { canReport: boolean; canEmbed: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const copyLink = useCopyPostLink();
  const copyEmbedCode = useCopyEmbedCode();
  const holdComments = useVisitorCommentHold(post.id);

  return (
    <>
      <DropdownMenu modal={false} defaultOpen>
        <DropdownMenuTrigger asChild>
          <PostMenuButton post={post} appearance={appearance} className={className} />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {includeShare && (
            <DropdownMenuItem onSelect={() => void copyLink(post.id)}>
              <Link2 aria-hidden="true" />
              Copy link
            </DropdownMenuItem>
          )}
          {canEmbed && (
            <DropdownMenuItem onSelect={() => void copyEmbedCode(post)}>
              <Code aria-hidden="true" />
              Embed
            </DropdownMenuItem>
          )}
          {(includeShare || canEmbed) && isOwner && <DropdownMenuSeparator />}
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

      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            open
            onOpenChange={setReporting}
            targetKind="post"
            targetId={post.id}
            homeServer={homeServerOf(post.user.username)}
          />
        </Suspense>
      )}
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
