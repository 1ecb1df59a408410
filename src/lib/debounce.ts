/** SPEC §9: debounce waits 500 ms by default. */
export const DEBOUNCE_MS = 500;

export interface Debounced<Args extends unknown[]> {
  (...args: Args): void;
  /** drop a pending call */
  cancel(): void;
}

/** Calls `fn` once, `wait` ms after the last of a burst of calls, with that last call's arguments. */
export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, wait = DEBOUNCE_MS): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: Args) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
