import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@shared/contract/posts';
import { Toaster } from '@client/components/ui/toaster';
import { currentUserQueryKey } from '@client/lib/session';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { PostMenu } from './post-menu';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const publicPost = {
  id: 'p1',
  userId: 'u1',
  title: 'Harbour "at dawn"',
  isDraft: false,
  isPrivate: false,
  hiddenByModerators: false,
  allowVisitorComments: false,
} as Post;

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

function renderMenu(post: Post, isOwner = false) {
  const queries = new QueryClient();
  queries.setQueryData(currentUserQueryKey, null);
  render(
    <QueryClientProvider client={queries}>
      <PostMenu post={post} isOwner={isOwner} />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function openMenu(post: Post) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: `Options for ${post.title}` }));
  });
  await screen.findByRole('menu');
}

beforeEach(() => {
  installLayout();
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

describe('"Embed" in the post menu', () => {
  it('copies the iframe code of a public post’s player, for a visitor too, and says so', async () => {
    renderMenu(publicPost);
    await openMenu(publicPost);
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Embed' }));
    });
    expect(writeText).toHaveBeenCalledTimes(1);
    const code = writeText.mock.calls[0]![0];
    expect(code).toMatch(/^<iframe .*><\/iframe>$/);
    expect(code).toContain(`src="${location.origin}/embed/posts/p1"`);
    expect(code).toContain('width="560" height="200"');
    expect(code).toContain('title="Earshot: Harbour &#34;at dawn&#34;"');
    expect(await screen.findByText('Embed Code Copied!')).toBeTruthy();
  });

  it('is not offered for a post that is not public', async () => {
    for (const post of [
      { ...publicPost, isPrivate: true },
      { ...publicPost, isDraft: true },
      { ...publicPost, hiddenByModerators: true },
    ]) {
      renderMenu(post, true);
      await openMenu(post);
      expect(screen.getByRole('menuitem', { name: 'Delete Post' })).toBeTruthy();
      expect(screen.queryByRole('menuitem', { name: 'Embed' })).toBeNull();
      cleanup();
    }
  });

  it('leaves a visitor no menu at all on a post that is not public', () => {
    renderMenu({ ...publicPost, isPrivate: true });
    expect(screen.queryByRole('button', { name: /^Options for/ })).toBeNull();
  });
});
