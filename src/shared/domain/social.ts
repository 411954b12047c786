export const VISITOR_NAME_MAX_LENGTH = 80;
export const COMMENT_MAX_SECONDS = 5 * 60;
