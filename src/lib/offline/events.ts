/** Tiny signal so outbox actions can ask the drain to run without importing it (no cycle). */
type Listener = () => void;
const listeners = new Set<Listener>();

export function requestDrain(): void {
  for (const listener of listeners) listener();
}

export function onDrainRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
