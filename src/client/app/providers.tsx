import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { queryClient } from '@client/lib/query-client';
import { DeferredToaster } from './deferred-toaster';

/** Spec §9: tooltips open after 700 ms, and at once within 300 ms of the last one closing. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
        <DeferredToaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
