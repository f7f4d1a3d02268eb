'use client';

import { useRef } from 'react';

export type LazyModule<M> = {
  /** The module once it has loaded, else null. */
  current: () => M | null;
  /** Starts the load, or joins the one under way; null when the chunk could not load (the next call tries again). */
  load: () => Promise<M | null>;
};

/**
 * A module fetched the first time it is asked for, such as a form's shared zod schema on the
 * form's first focus, instead of while the page loads: typing takes seconds, loading it takes
 * milliseconds, and until it is there the server validates alone.
 */
export function useLazyModule<M>(importModule: () => Promise<M>): LazyModule<M> {
  const loaded = useRef<M | null>(null);
  const pending = useRef<Promise<M | null> | null>(null);
  return {
    current: () => loaded.current,
    load: () => {
      pending.current ??= importModule().then(
        (module) => {
          loaded.current = module;
          return module;
        },
        () => {
          pending.current = null;
          return null;
        },
      );
      return pending.current;
    },
  };
}
