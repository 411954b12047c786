import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a screen, except that a failed load is not remembered: the next render fetches the code again
 * (React.lazy would throw the first failure forever, so a screen that failed offline would never open).
 */
export function retryingLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        Screen = lazy(attempt);
        throw error;
      },
    );
  let Screen = lazy(attempt);
  return function RetryingLazy(props: P) {
    return <Screen {...props} />;
  };
}
