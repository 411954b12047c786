/** The app's pages that links lead to (spec §2: share links use `/posts/{id}`), as the client router names them. */
export const postPagePath = (postId: string) => `/posts/${encodeURIComponent(postId)}`;
export const profilePagePath = (userId: string) => `/profile/${encodeURIComponent(userId)}`;
