import type { ReactNode } from 'react';

/** What a badge says about its subject; the words and the mark carry it too, never the colour alone. */
export type BadgeTone = 'open' | 'new' | 'done' | 'on' | 'alert';

const tones: Record<BadgeTone, string> = {
  /** Still to be dealt with. */
  open: 'border border-fg text-fg',
  /** Waiting for its first look. */
  new: 'border border-fg bg-fg text-page',
  /** Dealt with, over or off. */
  done: 'border border-line text-muted',
  /** Switched on. The dark theme's success colour is light, so its text is dark. */
  on: 'bg-success text-white dark:text-brand-black',
  /** What a visitor must not miss. */
  alert: 'bg-badge text-white',
};

const sizes = { sm: 'px-2.5 py-0.5 text-xs', md: 'px-3 py-0.5 text-sm' } as const;

type BadgeProps = {
  tone: BadgeTone;
  size?: keyof typeof sizes;
  /** A sign before the words (●, ✓, …), hidden from screen readers: the words say it. */
  mark?: string;
  /** A paragraph where the badge stands on its own line. */
  as?: 'span' | 'p';
  className?: string;
  children: ReactNode;
};

/** A short state as a pill: beside a heading, at the end of a list row, above a title. */
export function Badge({ tone, size = 'sm', mark, as: Tag = 'span', className = '', children }: BadgeProps) {
  return (
    <Tag
      className={`inline-flex items-center gap-1.5 rounded-full font-semibold whitespace-nowrap ${sizes[size]} ${tones[tone]} ${className}`}
    >
      {mark && <span aria-hidden="true">{mark}</span>}
      <span>{children}</span>
    </Tag>
  );
}
