/*
 * The site's pill buttons, for <button> and link elements alike. Colours come from the tokens in
 * globals.css, which flip with the colour mode; `bg-fg` and `bg-page` also give the focus ring the
 * fill colour there, so it stays visible against the page (WCAG 2.4.13).
 */

export type ButtonVariant = 'primary' | 'secondary' | 'inverse';

/**
 * sm: a small action inside a card or a list row. md: a form's own button, at a fixed 16px.
 * lg: a call to action on a page, at the page's text size.
 */
export type ButtonSize = 'sm' | 'md' | 'lg';

type ButtonStyle = {
  /** primary: the main action; secondary: an outlined one beside it; inverse: on a dark (bg-fg) band. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Placement only (margins, flex-shrink); the look comes from variant and size. */
  className?: string;
};

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition motion-reduce:transition-none disabled:cursor-wait disabled:opacity-70 aria-disabled:cursor-wait aria-disabled:opacity-70';

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-5 text-sm',
  md: 'min-h-12 px-7 py-3 text-base',
  lg: 'px-7 py-3.5',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-fg text-page hover:opacity-90',
  secondary: 'border-fg text-fg hover:bg-fg hover:text-page',
  inverse: 'bg-page text-fg hover:opacity-90',
};

// The outline is as heavy as the text it frames: thin on the small sizes, 2px around a page's CTA.
const outlines: Record<ButtonSize, string> = { sm: 'border', md: 'border', lg: 'border-2' };

/** The classes of a pill button or a link that looks like one. */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  return [base, sizes[size], variants[variant], variant === 'secondary' && outlines[size], className].filter(Boolean).join(' ');
}
