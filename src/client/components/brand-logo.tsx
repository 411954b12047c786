import { AudioLines } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/domain/product';
import { cn } from '@client/lib/utils';

/** The mark and the product name. Its text is the product name, so a link wrapping it is named by it. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 text-lg font-bold tracking-tight', className)}>
      <span
        aria-hidden="true"
        className="grid size-9 place-items-center rounded-xl bg-linear-to-br from-primary to-highlight text-white shadow-soft dark:text-primary-foreground"
      >
        <AudioLines className="size-5" strokeWidth={2.5} />
      </span>
      {PRODUCT_NAME}
    </span>
  );
}
