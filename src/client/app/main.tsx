import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OfflineBanner } from '@client/components/offline-banner';
import { registerServiceWorker } from '@client/lib/service-worker';
import { Providers } from './providers';
import { RootErrorBoundary } from './root-error-boundary';
import { AppRouter } from './router';
import './global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <Providers>
        <OfflineBanner />
        <AppRouter />
      </Providers>
    </RootErrorBoundary>
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
