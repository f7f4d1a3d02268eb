import deepmerge from 'deepmerge';

import { routing, type Locale } from './routing';
import type about from '../../public/locales/nl/about.json';
import type account from '../../public/locales/nl/account.json';
import type applications from '../../public/locales/nl/applications.json';
import type auth from '../../public/locales/nl/auth.json';
import type blog from '../../public/locales/nl/blog.json';
import type cases from '../../public/locales/nl/cases.json';
import type common from '../../public/locales/nl/common.json';
import type consent from '../../public/locales/nl/consent.json';
import type contact from '../../public/locales/nl/contact.json';
import type contentEditor from '../../public/locales/nl/contentEditor.json';
import type contentImages from '../../public/locales/nl/contentImages.json';
import type home from '../../public/locales/nl/home.json';
import type inbox from '../../public/locales/nl/inbox.json';
import type legal from '../../public/locales/nl/legal.json';
import type mail from '../../public/locales/nl/mail.json';
import type preview from '../../public/locales/nl/preview.json';
import type recruiting from '../../public/locales/nl/recruiting.json';
import type search from '../../public/locales/nl/search.json';
import type staff from '../../public/locales/nl/staff.json';
import type vacancies from '../../public/locales/nl/vacancies.json';

// The Dutch files are the typed source of truth; every other locale must match their shape.
export type Messages = {
  common: typeof common;
  home: typeof home;
  about: typeof about;
  vacancies: typeof vacancies;
  blog: typeof blog;
  cases: typeof cases;
  contact: typeof contact;
  auth: typeof auth;
  account: typeof account;
  legal: typeof legal;
  consent: typeof consent;
  inbox: typeof inbox;
  applications: typeof applications;
  recruiting: typeof recruiting;
  mail: typeof mail;
  staff: typeof staff;
  contentEditor: typeof contentEditor;
  contentImages: typeof contentImages;
  search: typeof search;
  preview: typeof preview;
};

export const namespaces = [
  'common',
  'home',
  'about',
  'vacancies',
  'blog',
  'cases',
  'contact',
  'auth',
  'account',
  'legal',
  'consent',
  'inbox',
  'applications',
  'recruiting',
  'mail',
  'staff',
  'contentEditor',
  'contentImages',
  'search',
  'preview',
] as const satisfies readonly (keyof Messages)[];

async function loadLocale(locale: Locale): Promise<Messages> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => [ns, (await import(`../../public/locales/${locale}/${ns}.json`)).default] as const),
  );
  return Object.fromEntries(entries) as Messages;
}

/** Messages for a locale, with every key the locale lacks filled in from the default locale. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const messages = await loadLocale(locale);
  if (locale === routing.defaultLocale) return messages;
  const fallback = await loadLocale(routing.defaultLocale);
  // Arrays are replaced, not concatenated: a translated list must not gain the Dutch items too.
  return deepmerge(fallback, messages, { arrayMerge: (_target, source) => source });
}
