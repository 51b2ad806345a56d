/**
 * The graceful stop of one instance in a rolling deploy (decision 0033). From `begin()` on, readiness
 * answers 503 ("draining") so the load balancer sends no new work, every response closes its connection,
 * and the listeners registered with `onDrain` run once: the event streams use it to tell their clients
 * to reconnect (through the balancer, to another instance). server.ts then stops listening and lets
 * in-flight requests and the jobs batch finish before the process exits.
 */
export interface Drain {
  /** True from the moment draining began (SIGTERM or SIGINT) until the process exits. */
  readonly active: boolean;
  /** Runs `listener` once when draining begins (at once if it already has). Returns an unsubscribe. */
  onDrain(listener: () => void): () => void;
  /** Begins draining; a second call does nothing. */
  begin(): void;
}

export function createDrain(onListenerError: (error: unknown) => void): Drain {
  let active = false;
  const listeners = new Set<() => void>();
  const run = (listener: () => void) => {
    try {
      listener();
    } catch (error) {
      // One listener's failure must not keep the others (or the shutdown) from running.
      onListenerError(error);
    }
  };
  return {
    get active() {
      return active;
    },
    onDrain(listener) {
      if (active) {
        run(listener);
        return () => {};
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    begin() {
      if (active) return;
      active = true;
      for (const listener of [...listeners]) run(listener);
      listeners.clear();
    },
  };
}
