'use client';

import { useEffect, useRef, type ReactNode } from 'react';

type StatusRegionProps = {
  /** What to say once an action is done; nothing until then. */
  message: ReactNode;
  /** The message's box (padding, background); the empty region has none. */
  className?: string;
  /** What shows until the message arrives and gives way to it, usually the form it answers. */
  children?: ReactNode;
  /**
   * For a region that answers a form that stays: the answer, a new value each time, so that a
   * repeated message (the same notice twice) takes the focus again. Without it, the message's
   * arrival does.
   */
  answer?: unknown;
};

/**
 * A status region that is in the page before its message (WCAG 4.1.3), so screen readers announce
 * what arrives in it, rather than a region born with its text. The message also takes the focus:
 * the button that sent the form is usually gone with it, and focus would fall to <body>. Empty, the
 * region is out of the flow, so it takes no room or gap.
 */
export function StatusRegion({ message, className = '', children, answer }: StatusRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(message);
  useEffect(() => {
    if (!shown) return;
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [shown, answer]);
  return (
    <>
      <div ref={ref} role="status" tabIndex={-1} className={shown ? `outline-offset-4 ${className}` : 'absolute'}>
        {shown && message}
      </div>
      {!shown && children}
    </>
  );
}
