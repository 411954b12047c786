import { useCallback, useState } from 'react';
import type { VisitorIdentity } from '../lib/comments';

/** Kept in this browser only, so a returning visitor need not type their name again. */
const STORAGE_KEY = 'earshot.visitor';

function load(): VisitorIdentity {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<VisitorIdentity> | null;
    return {
      name: typeof stored?.name === 'string' ? stored.name : '',
      email: typeof stored?.email === 'string' ? stored.email : '',
    };
  } catch {
    return { name: '', email: '' };
  }
}

/** The signed-out visitor's name and e-mail, as typed; `remember` stores them after a successful post. */
export function useVisitorIdentity() {
  const [identity, setIdentity] = useState<VisitorIdentity>(load);
  const remember = useCallback((value: VisitorIdentity) => {
    try {
      localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ name: value.name.trim(), email: value.email.trim() }),
      );
    } catch {
      // Storage unavailable (private mode): they type it again next time.
    }
  }, []);
  return { identity, setIdentity, remember };
}
