import { endpoints } from '@shared/contract/endpoints';
import { routeKey } from './query-keys';

/** Spec §2: signing in and out are full page loads, so the server can run its own flow and set cookies. */
export const SIGN_IN_URL = endpoints.signInPage.path;
export const SIGN_OUT_URL = endpoints.signOutPage.path;

export const currentUserQueryKey = routeKey('currentUser');
