import { MoreHorizontal } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { postTitle } from '../lib/post-labels';
import type { PostMenuProps } from './post-menu';

/** The "Options for …" button: the menu's trigger once it is loaded, and what stands in for it until then. */
export function PostMenuButton({
  post,
  appearance = 'default',
  className,
  ...props
}: Pick<PostMenuProps, 'post' | 'appearance' | 'className'> & ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Options for ${postTitle(post)}`}
      className={cn(
        'size-9',
        appearance === 'overlay' &&
          'bg-black/35 text-white backdrop-blur-sm hover:bg-black/55 hover:text-white data-[state=open]:bg-black/55',
        className,
      )}
      {...props}
    >
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
}
