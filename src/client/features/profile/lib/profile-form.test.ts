import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/contract/users';
import { USERNAME_RULE_MESSAGE } from '@shared/domain/username';
import { checkPictureFile } from './picture-file';
import {
  firstProblem,
  initialProfileForm,
  keptLinks,
  LINK_URL_MESSAGE,
  linkUrlError,
  profileFormReducer,
  profileSaveFields,
  usernameError,
  type ProfileFormAction,
  type ProfileFormState,
} from './profile-form';

const maya = {
  id: 'u1',
  username: 'maya.o',
  firstName: 'Maya',
  lastName: 'Okafor',
  bio: 'Field recordings.',
  links: [{ title: 'Site', url: 'https://maya.example/' }],
} as PublicUser;

const run = (state: ProfileFormState, ...actions: ProfileFormAction[]) =>
  actions.reduce(profileFormReducer, state);

describe('the profile form', () => {
  it('trims the username as typed and keeps the bio to 500 characters', () => {
    const state = run(
      initialProfileForm(maya),
      { type: 'set', field: 'username', value: '  maya_new ' },
      { type: 'set', field: 'bio', value: 'a'.repeat(520) },
    );
    expect(state.values.username).toBe('maya_new');
    expect(state.values.bio).toHaveLength(500);
  });

  it('shows the username rule once Save was pressed, and the server’s “taken” until the name changes', () => {
    let state = run(initialProfileForm(maya), { type: 'set', field: 'username', value: 'no' });
    expect(usernameError(state)).toBeNull();
    expect(firstProblem(state)).toBe('username');
    state = run(state, { type: 'submit' });
    expect(usernameError(state)).toBe(USERNAME_RULE_MESSAGE);

    state = run(
      state,
      { type: 'set', field: 'username', value: 'taken.name' },
      { type: 'taken', username: 'taken.name', message: 'That username is already taken.' },
    );
    expect(usernameError(state)).toBe('That username is already taken.');
    state = run(state, { type: 'set', field: 'username', value: 'other.name' });
    expect(usernameError(state)).toBeNull();
  });

  it('adds at most 5 link pairs and removes the chosen one', () => {
    let state = initialProfileForm(maya);
    for (let i = 0; i < 6; i++) state = run(state, { type: 'addLink' });
    expect(state.values.links).toHaveLength(5);
    const second = state.values.links[1]!;
    state = run(state, { type: 'removeLink', id: second.id });
    expect(state.values.links.map((link) => link.id)).not.toContain(second.id);
    expect(state.values.links[0]!.title).toBe('Site');
  });

  it('drops pairs missing a title or url, and checks the url only after the field was left', () => {
    let state = run(initialProfileForm(maya), { type: 'addLink' }, { type: 'addLink' });
    const [, noTitle, bad] = state.values.links;
    state = run(
      state,
      { type: 'editLink', id: noTitle!.id, field: 'url', value: 'https://x.example' },
      { type: 'editLink', id: bad!.id, field: 'title', value: ' Mail ' },
      { type: 'editLink', id: bad!.id, field: 'url', value: 'javascript:alert(1)' },
    );
    expect(keptLinks(state.values.links)).toEqual([
      { title: 'Site', url: 'https://maya.example/' },
      { title: 'Mail', url: 'javascript:alert(1)' },
    ]);
    expect(linkUrlError(state, bad!)).toBeNull();
    state = run(state, { type: 'touchLink', id: bad!.id });
    expect(linkUrlError(state, state.values.links[2]!)).toBe(LINK_URL_MESSAGE);
    expect(firstProblem(state)).toBe('link');
  });

  it('omits empty fields and names in `clear` those the person emptied', () => {
    const state = run(
      initialProfileForm(maya),
      { type: 'set', field: 'lastName', value: '   ' },
      { type: 'set', field: 'bio', value: '' },
      { type: 'removeLink', id: 0 },
    );
    expect(profileSaveFields(state.values, maya)).toEqual({
      username: 'maya.o',
      firstName: 'Maya',
      links: '[]',
      clear: 'lastName,bio',
    });
    const blank = { ...maya, lastName: null, bio: null, links: [] } as PublicUser;
    expect(profileSaveFields(initialProfileForm(blank).values, blank)).toEqual({
      username: 'maya.o',
      firstName: 'Maya',
    });
  });
});

describe('picture files', () => {
  it('takes images under 10 MB, and refuses others with the spec’s toast', () => {
    expect(checkPictureFile({ type: 'image/png', size: 1000 }, 'profile')).toBeNull();
    expect(checkPictureFile({ type: 'image/jpeg', size: 11 * 1024 * 1024 }, 'cover')).toEqual({
      title: 'File Too Large',
      description: 'Cover image must be less than 10MB',
    });
    expect(checkPictureFile({ type: 'image/webp', size: 11 * 1024 * 1024 }, 'profile')?.description).toBe(
      'Profile image must be less than 10MB',
    );
    expect(checkPictureFile({ type: 'image/svg+xml', size: 100 }, 'profile')?.title).toBe(
      'Invalid File Type',
    );
    expect(checkPictureFile({ type: 'application/pdf', size: 100 }, 'cover')?.title).toBe(
      'Invalid File Type',
    );
  });
});
