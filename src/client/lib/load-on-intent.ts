/** Starts loading a lazily loaded part as the pointer or keyboard focus reaches the control that opens it. */
export function loadOnIntent(load: () => Promise<unknown>): {
  onPointerEnter: () => void;
  onFocus: () => void;
} {
  const start = () => void load();
  return { onPointerEnter: start, onFocus: start };
}
