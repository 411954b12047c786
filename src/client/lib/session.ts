import { endpoints } from '@shared/contract/endpoints';
import { routeKey } from './query-keys';

/** Spec §2: signing in and out are full page loads, so the server can run its own flow and set cookies. */
export const SIGN_IN_URL = endpoints.signInPage.path;
export const SIGN_OUT_URL = endpoints.signOutPage.path;

export const currentUserQueryKey = routeKey('currentUser');

let signingOut = false;

/**
 * Sign Out was pressed: the server ends the session as the page leaves, so a request still in flight may come back
 * 401. That is no lost session to sign in again from (spec §8), and must not send the person to the sign-in page
 * instead of where signing out lands.
 */
export const startSigningOut = (): void => {
  signingOut = true;
};

export const isSigningOut = (): boolean => signingOut;
