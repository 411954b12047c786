import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '@client/lib/use-toast';
import { DeferredToaster } from './deferred-toaster';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('the toaster loaded after the first screen', () => {
  it('adds nothing to the page until a toast is shown, then shows it and the ones after it', async () => {
    render(<DeferredToaster />);
    expect(screen.queryByRole('region')).toBeNull();

    act(() => void toast({ title: 'Segment Added', description: 'Record another or publish.' }));
    expect(await screen.findByText('Segment Added')).toBeTruthy();
    expect(screen.getByText('Record another or publish.')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();

    act(() => void toast({ title: 'Post published' }));
    expect(await screen.findByText('Post published')).toBeTruthy();
  });
});
