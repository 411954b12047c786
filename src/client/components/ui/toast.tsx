import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

export const ToastProvider = ToastPrimitive.Provider;

/**
 * Toasts sit over the app's own chrome, where no form is: over the tab bar at the foot of a phone or tablet, and
 * over the foot of the side navigation on a large screen. On a phone a toast of a title and a line is no taller than
 * the 64 px tab bar. Over the page they would hide fields and buttons (a
 * publish form fills the window), and a click meant for Publish would land on the toast. A screen that docks its
 * own primary actions at a phone's foot marks them `data-docked-actions`, and the toasts move to the top
 * (global.css).
 */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-toast-viewport=""
      className={cn(
        'fixed inset-x-0 bottom-0 z-[100] mx-auto flex max-h-dvh w-full max-w-[420px] flex-col gap-2 p-1.5 pb-[max(0.375rem,env(safe-area-inset-bottom))] outline-none lg:right-auto lg:mx-0 lg:w-64 lg:p-3',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border px-3 py-2 pr-10 shadow-lifted lg:p-4 lg:pr-10 data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={cn(
        'absolute right-2 top-2 inline-flex size-8 cursor-pointer items-center justify-center rounded-full text-current opacity-70 transition-opacity hover:opacity-100 group-[.destructive]:focus-visible:outline-destructive-foreground',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-xs opacity-90 lg:text-sm', className)} {...props} />;
}
