/** Spec §2 Profile tabs, in order; Pods is the default. */
export const PROFILE_TABS = [
  { value: 'posts', label: 'Posts' },
  { value: 'pods', label: 'Pods' },
  { value: 'categories', label: 'Categories' },
  { value: 'about', label: 'About' },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]['value'];

export const DEFAULT_PROFILE_TAB: ProfileTab = 'pods';

/** The tab a `?tab=` value names, or the default for none or an unknown one. */
export function profileTabFrom(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.value === value)?.value ?? DEFAULT_PROFILE_TAB;
}
