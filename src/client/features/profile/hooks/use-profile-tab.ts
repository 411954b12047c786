import { useSearchParams } from 'wouter';
import { DEFAULT_PROFILE_TAB, profileTabFrom, type ProfileTab } from '../lib/profile-tab';

/**
 * The profile's tab and category filter live in the address (`?tab=categories&category=Tech`), so a reload keeps
 * them and a link can name them. Switching replaces the entry: the back button leaves the profile.
 */
export function useProfileTab() {
  const [params, setParams] = useSearchParams();
  const tab = profileTabFrom(params.get('tab'));
  const category = tab === 'categories' ? params.get('category') || null : null;

  const update = (next: { tab: ProfileTab; category: string | null }) =>
    setParams(
      (previous) => {
        const search = new URLSearchParams(previous);
        if (next.tab === DEFAULT_PROFILE_TAB) search.delete('tab');
        else search.set('tab', next.tab);
        if (next.category === null) search.delete('category');
        else search.set('category', next.category);
        return search;
      },
      { replace: true },
    );

  return {
    tab,
    category,
    setTab: (next: ProfileTab) => update({ tab: next, category: null }),
    setCategory: (next: string | null) => update({ tab: 'categories', category: next }),
  };
}
