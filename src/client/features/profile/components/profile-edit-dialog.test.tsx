import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, PublicUser } from '@shared/contract/users';
import { publicUserWith } from '@shared/domain/public-user';
import { USERNAME_RULE_MESSAGE } from '@shared/domain/username';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';
import { currentUserQueryKey } from '@client/lib/session';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { FakeXhr, installFakeXhr, lastUpload } from '@client/testing/fake-xhr';
import { ProfileEditDialog } from './profile-edit-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const maya: PublicUser = publicUserWith({
  id: 'u1',
  username: 'maya.o',
  firstName: 'Maya',
  lastName: 'Okafor',
  bio: 'Field recordings.',
  links: [{ title: 'Site', url: 'https://maya.example/' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  postCount: 3,
});

let client: QueryClient;

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit Profile
      </button>
      <ProfileEditDialog user={maya} open={open} onOpenChange={setOpen} />
    </>
  );
}

function openDialog() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const me: CurrentUser = {
    ...maya,
    email: 'maya@example.com',
    groupAdds: 'everyone',
    transcribePrivate: false,
  };
  client.setQueryData(currentUserQueryKey, me);
  client.setQueryData(routeKey('getUser', { id: maya.id }), maya);
  render(
    <QueryClientProvider client={client}>
      <Harness />
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  return screen.getByRole('dialog', { name: 'Edit Profile' });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const save = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  });
};
// While a dialog is open the rest of the page, the toasts' region included, is hidden from the accessibility tree.
const toastRegion = () => screen.getByRole('region', { name: /Notifications/, hidden: true });
const sentFields = () => Object.fromEntries((lastUpload().body as FormData).entries());

beforeEach(() => {
  installLayout();
  installFakeXhr();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:picture');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

describe('the Edit Profile dialog', () => {
  it('counts the bio against 500 and trims the username as typed', () => {
    const dialog = openDialog();
    expect(within(dialog).getByText('17/500')).toBeTruthy();
    type(within(dialog).getByLabelText('Bio'), 'x'.repeat(600));
    expect(within(dialog).getByText('500/500')).toBeTruthy();
    type(within(dialog).getByLabelText('Username'), ' maya ');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Username').value).toBe('maya');
  });

  it('refuses an invalid username with the spec’s toast and says so on the field', async () => {
    const dialog = openDialog();
    const username = within(dialog).getByLabelText('Username');
    type(username, 'm!');
    await save(dialog);
    expect(within(toastRegion()).getByText('Invalid Username')).toBeTruthy();
    expect(within(toastRegion()).getByText(USERNAME_RULE_MESSAGE)).toBeTruthy();
    expect(within(dialog).getByText(USERNAME_RULE_MESSAGE)).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('holds at most 5 links and says inline that a link must be a web address', async () => {
    const dialog = openDialog();
    const add = within(dialog).getByRole('button', { name: 'Add link' });
    for (let i = 0; i < 4; i++) fireEvent.click(add);
    expect(add).toHaveProperty('disabled', true);
    const title = within(dialog).getByLabelText('Link 2 title');
    const url = within(dialog).getByLabelText('Link 2 address');
    type(title, 'Mail');
    type(url, 'mailto:maya@example.com');
    fireEvent.blur(url);
    expect(within(dialog).getByText('Enter a web address starting with http:// or https://')).toBeTruthy();
    await save(dialog);
    expect(FakeXhr.sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove link 2' }));
    expect(add).toHaveProperty('disabled', false);
  });

  it('saves: empty pairs dropped, emptied fields cleared, Saving... meanwhile, then both caches updated', async () => {
    const dialog = openDialog();
    type(within(dialog).getByLabelText('Last name'), '');
    type(within(dialog).getByLabelText('Bio'), 'New bio');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    type(within(dialog).getByLabelText('Link 2 address'), 'https://no-title.example');
    await save(dialog);

    expect(lastUpload().method).toBe('PUT');
    expect(lastUpload().url).toBe(routeUrl('updateProfile'));
    expect(sentFields()).toEqual({
      username: 'maya.o',
      firstName: 'Maya',
      bio: 'New bio',
      links: JSON.stringify([{ title: 'Site', url: 'https://maya.example/' }]),
      clear: 'lastName',
    });
    const saving = within(dialog).getByRole('button', { name: 'Saving...' });
    expect(saving).toHaveProperty('disabled', true);

    const saved: CurrentUser = {
      ...maya,
      lastName: null,
      bio: 'New bio',
      email: 'maya@example.com',
      groupAdds: 'everyone',
      transcribePrivate: false,
    };
    await act(async () => lastUpload().respond(200, saved));
    expect(within(toastRegion()).getByText('Profile Updated')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(client.getQueryData(currentUserQueryKey)?.bio).toBe('New bio');
    expect(client.getQueryData(routeKey('getUser', { id: maya.id }))).toEqual({
      ...maya,
      lastName: null,
      bio: 'New bio',
    });
  });

  it('shows a taken username on the field as well as in the toast', async () => {
    const dialog = openDialog();
    type(within(dialog).getByLabelText('Username'), 'ada');
    await save(dialog);
    const taken = 'That username is already taken. Please choose another.';
    await act(async () => lastUpload().respond(409, { message: taken }));
    expect(within(toastRegion()).getByText('Update Failed')).toBeTruthy();
    expect(within(toastRegion()).getByText(taken)).toBeTruthy();
    expect(within(dialog).getByText(taken)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('says "Failed to update profile" when the server could not be reached', async () => {
    const dialog = openDialog();
    await save(dialog);
    await act(async () => lastUpload().dispatchEvent(new Event('error')));
    expect(within(toastRegion()).getByText('Update Failed')).toBeTruthy();
    expect(within(toastRegion()).getByText('Failed to update profile')).toBeTruthy();
  });

  it('refuses a picture over 10 MB, and sends one under it as profileImage', async () => {
    const dialog = openDialog();
    const input = dialog.querySelector<HTMLInputElement>('input[data-picture="cover"]')!;
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(within(toastRegion()).getByText('File Too Large')).toBeTruthy();
    expect(within(toastRegion()).getByText('Cover image must be less than 10MB')).toBeTruthy();

    const avatar = new File(['png'], 'me.png', { type: 'image/png' });
    fireEvent.change(dialog.querySelector('input[data-picture="profile"]')!, { target: { files: [avatar] } });
    expect(within(dialog).getByRole('img', { name: 'New profile image' })).toBeTruthy();
    await save(dialog);
    expect((lastUpload().body as FormData).get('profileImage')).toBeInstanceOf(File);
    expect((lastUpload().body as FormData).get('coverImage')).toBeNull();
  });
});
