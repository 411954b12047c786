import { RotateCw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BrandLogo } from '@client/components/brand-logo';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';

interface State {
  failed: boolean;
}

/**
 * The last line of defence: a render error anywhere shows a way back instead of a blank page. It sits outside
 * the providers, so its fallback needs none of them.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The page stopped rendering:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-12 text-foreground">
        <Card className="w-full max-w-md p-8 text-center" role="alert">
          <BrandLogo className="justify-center" />
          <span
            aria-hidden="true"
            className="mx-auto mt-8 grid size-14 place-items-center rounded-2xl bg-destructive/10 text-destructive"
          >
            <TriangleAlert className="size-7" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight">Something went wrong</h1>
          <p className="mt-2 text-muted-foreground">
            This page ran into a problem and stopped. Your saved recordings are safe. Reload to carry on.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button onClick={() => window.location.reload()}>
              <RotateCw aria-hidden="true" />
              Reload
            </Button>
            <Button asChild variant="outline">
              <a href="/">Go to Home</a>
            </Button>
          </div>
        </Card>
      </main>
    );
  }
}
