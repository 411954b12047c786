import { endpoints } from '@shared/contract/endpoints';

/** Spec §2: signing in and out are full page loads, so the server can run its own flow and set cookies. */
export const SIGN_IN_URL = '/api/login';
export const SIGN_OUT_URL = '/api/logout';

export const currentUserQueryKey = [endpoints.currentUser.path] as const;
