import type { Messages } from '@/i18n/messages';
import { aiSiteUrl } from '@/lib/env/public';

export type NavKey = keyof Messages['common']['nav'];

type InternalNavItem = { key: NavKey; src: string; external?: false; isSpecial?: false };
type ExternalNavItem = { key: NavKey; src: string; external: true; isSpecial?: boolean };
export type NavItem = InternalNavItem | ExternalNavItem;

// The order of spec §2: the header, the drawer and the footer all render this list.
export const navItems: readonly NavItem[] = [
  { key: 'home', src: '/' },
  { key: 'about', src: '/about-us' },
  { key: 'vacancies', src: '/vacancies' },
  { key: 'blog', src: '/blog' },
  { key: 'contact', src: '/contact-us' },
  { key: 'ai', src: aiSiteUrl, external: true, isSpecial: true },
];
