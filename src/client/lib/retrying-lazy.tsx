import { lazy, type ComponentType } from 'react';

/** How to let each screen that failed to load try again. */
const failedScreens = new Set<() => void>();

/**
 * Lets every screen whose code failed to load fetch it again on its next render (the connection is back).
 * Not sooner: React renders a failed screen again at once to recover, and a fresh attempt then would only wait,
 * fail and start over, never showing the failure.
 */
export function retryFailedScreens(): void {
  for (const retry of failedScreens) retry();
  failedScreens.clear();
}

/**
 * `React.lazy` for a screen, except that a failed load is not kept for ever (React.lazy would throw the first
 * failure on every render, so a screen that failed offline would never open): see retryFailedScreens.
 */
export function retryingLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        failedScreens.add(() => {
          Screen = lazy(attempt);
        });
        throw error;
      },
    );
  let Screen = lazy(attempt);
  return function RetryingLazy(props: P) {
    return <Screen {...props} />;
  };
}
