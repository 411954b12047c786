import type { MultipartFields } from '@client/lib/multipart-form';
import type { PublicUser } from '@shared/contract/users';
import { BIO_MAX_LENGTH, PROFILE_LINKS_MAX } from '@shared/domain/limits';
import { isHttpUrl } from '@shared/domain/profile';
import { USERNAME_PATTERN, USERNAME_RULE_MESSAGE } from '@shared/domain/username';

/** One title + url pair as typed; `id` keeps a row's identity (React key, touched state) while others go. */
export interface LinkRow {
  id: number;
  title: string;
  url: string;
}

export interface ProfileFormValues {
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  links: LinkRow[];
}

export interface ProfileFormState {
  values: ProfileFormValues;
  /** Save was pressed: every rule is shown from now on. */
  submitted: boolean;
  /** Link rows whose url field was left once: their url rule is shown. */
  touchedLinks: number[];
  /** The server's 409 for this exact username ("already taken"), shown until it changes. */
  taken: { username: string; message: string } | null;
  nextLinkId: number;
}

export type ProfileFormAction =
  | { type: 'set'; field: 'username' | 'firstName' | 'lastName' | 'bio'; value: string }
  | { type: 'addLink' }
  | { type: 'editLink'; id: number; field: 'title' | 'url'; value: string }
  | { type: 'touchLink'; id: number }
  | { type: 'removeLink'; id: number }
  | { type: 'submit' }
  | { type: 'taken'; username: string; message: string };

export const LINK_URL_MESSAGE = 'Enter a web address starting with http:// or https://';

export function initialProfileForm(user: PublicUser): ProfileFormState {
  return {
    values: {
      username: user.username,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      bio: user.bio ?? '',
      links: user.links.map((link, index) => ({ id: index, title: link.title, url: link.url })),
    },
    submitted: false,
    touchedLinks: [],
    taken: null,
    nextLinkId: user.links.length,
  };
}

/** Spec §5 Profile: the username is trimmed as typed; the bio cannot grow past 500; at most 5 link pairs. */
export function profileFormReducer(state: ProfileFormState, action: ProfileFormAction): ProfileFormState {
  const { values } = state;
  switch (action.type) {
    case 'set': {
      const value =
        action.field === 'username'
          ? action.value.trim()
          : action.field === 'bio'
            ? action.value.slice(0, BIO_MAX_LENGTH)
            : action.value;
      return { ...state, values: { ...values, [action.field]: value } };
    }
    case 'addLink':
      if (values.links.length >= PROFILE_LINKS_MAX) return state;
      return {
        ...state,
        values: { ...values, links: [...values.links, { id: state.nextLinkId, title: '', url: '' }] },
        nextLinkId: state.nextLinkId + 1,
      };
    case 'editLink':
      return {
        ...state,
        values: {
          ...values,
          links: values.links.map((link) =>
            link.id === action.id ? { ...link, [action.field]: action.value } : link,
          ),
        },
      };
    case 'touchLink':
      return state.touchedLinks.includes(action.id)
        ? state
        : { ...state, touchedLinks: [...state.touchedLinks, action.id] };
    case 'removeLink':
      return {
        ...state,
        values: { ...values, links: values.links.filter((link) => link.id !== action.id) },
        touchedLinks: state.touchedLinks.filter((id) => id !== action.id),
      };
    case 'submit':
      return { ...state, submitted: true };
    case 'taken':
      return { ...state, taken: { username: action.username, message: action.message } };
  }
}

export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}

/** The inline message under the username: the server's "taken", or the rule once Save was pressed. */
export function usernameError(state: ProfileFormState): string | null {
  const { username } = state.values;
  if (state.taken?.username === username) return state.taken.message;
  return state.submitted && !isValidUsername(username) ? USERNAME_RULE_MESSAGE : null;
}

/** The inline message under a link's url: only web addresses are stored (checked once the field was left). */
export function linkUrlError(state: ProfileFormState, link: LinkRow): string | null {
  if (!state.submitted && !state.touchedLinks.includes(link.id)) return null;
  const url = link.url.trim();
  return url && !isHttpUrl(url) ? LINK_URL_MESSAGE : null;
}

/** Spec §5: pairs with an empty title or url are dropped before saving. */
export function keptLinks(links: LinkRow[]): Array<{ title: string; url: string }> {
  return links.flatMap((link) => {
    const title = link.title.trim();
    const url = link.url.trim();
    return title && url ? [{ title, url }] : [];
  });
}

/** What stops the save, in the order a person meets it; null when it may go. */
export function firstProblem(state: ProfileFormState): 'username' | 'link' | null {
  if (!isValidUsername(state.values.username)) return 'username';
  const submitted = { ...state, submitted: true };
  return state.values.links.some((link) => link.title.trim() && linkUrlError(submitted, link))
    ? 'link'
    : null;
}

const CLEARABLE = ['firstName', 'lastName', 'bio'] as const;

/**
 * The text fields of the save (spec §5: empty fields are omitted). A field the person emptied that had a value is
 * named in `clear`; links go when there are some, or as `[]` when the person removed every one they had.
 */
export function profileSaveFields(
  values: ProfileFormValues,
  user: PublicUser,
): MultipartFields<'updateProfile'> {
  const fields: MultipartFields<'updateProfile'> = { username: values.username };
  const clear: string[] = [];
  for (const name of CLEARABLE) {
    const value = values[name].trim();
    if (value) fields[name] = value;
    else if (user[name]?.trim()) clear.push(name);
  }
  const links = keptLinks(values.links);
  if (links.length > 0 || user.links.length > 0) fields.links = JSON.stringify(links);
  if (clear.length > 0) fields.clear = clear.join(',');
  return fields;
}
