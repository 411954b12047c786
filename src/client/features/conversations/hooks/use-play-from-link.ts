import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

/** `/conversations/{id}?play={messageId}` (where a clicked notification leads) opens it playing that message. */
const PLAY_PARAM = 'play';

/**
 * Starts the message the address asks for once it has loaded, once, then drops the ask from the address so a
 * reload does not play it again. (Where the browser refuses to play on its own, the player focuses its button.)
 */
export function usePlayFromLink(messages: readonly { id: string }[], play: (id: string) => void) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get(PLAY_PARAM);
  const loaded = asked !== null && messages.some((message) => message.id === asked);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!asked || !loaded || started.current === asked) return;
    started.current = asked;
    play(asked);
    navigate(location, { replace: true });
  }, [asked, loaded, play, navigate, location]);
}
