/** Why a person reports something (issue 17): the dialog's choices, in this order. */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'sexual',
  'violence',
  'self-harm',
  'misinformation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or hate',
  sexual: 'Sexual content',
  violence: 'Violence or threats',
  'self-harm': 'Self-harm',
  misinformation: 'Misinformation',
  other: 'Something else',
};

export const REPORT_NOTE_MAX_LENGTH = 500;

export const REPORT_TARGET_KINDS = ['post', 'comment', 'message', 'user'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** What a moderator may do; each is logged with who did it. */
export const MODERATION_ACTIONS = [
  'hide',
  'unhide',
  'remove',
  'suspend',
  'unsuspend',
  'resolve',
  'dismiss',
] as const;
export type ModerationActionName = (typeof MODERATION_ACTIONS)[number];
