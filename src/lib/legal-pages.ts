import type { Messages } from '@/i18n/messages';

export type LegalKey = Exclude<keyof Messages['legal'], 'onThisPage'>;

/** The legal pages, in footer order. Slugs are the same in both languages. */
export const legalPages: readonly { key: LegalKey; path: string }[] = [
  { key: 'privacy', path: '/privacy' },
  { key: 'cookies', path: '/cookies' },
  { key: 'accessibility', path: '/accessibility' },
  { key: 'security', path: '/security' },
];
