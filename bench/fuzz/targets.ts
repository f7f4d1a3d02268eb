/**
 * Every server action and route handler of the build, found in the build's own manifests so none
 * is forgotten, and completed with what the rendered pages show (form fields and the `$ACTION_…`
 * fields of the no-JavaScript form).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { Fields } from './envelope';
import { scrapeForms, type ScrapedForm } from '../../scripts/lib/action-forms';

export interface ActionTarget {
  type: 'action';
  /** `file#export`, e.g. `src/lib/auth/actions/sign-in.ts#signInWithPassword`. */
  name: string;
  id: string;
  /** The page the action is posted to. */
  page: string;
  /** Arguments React sends before the FormData (bound locale, previous state), from the rendered form. */
  bound: unknown[];
  /** A plausible filled-in form: the fields the page renders, with ordinary values. */
  fields: Fields;
  /** The `$ACTION_…` fields of the no-JavaScript form, when the page renders one. */
  hidden: Fields | undefined;
  /** Which session the requests carry. */
  session: 'anonymous' | 'client';
}

export interface RouteTarget {
  type: 'route';
  /** The route as in the build, e.g. `/[locale]/auth/confirm`. */
  name: string;
  /** Concrete paths to request (each locale's, where the route has one). */
  paths: string[];
}

export type Target = ActionTarget | RouteTarget;

interface ReferenceManifest {
  node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
}

/** Generated metadata files (icons, Open Graph images, robots, sitemap, manifest): Next's code, not ours. */
const METADATA_ROUTE =
  /\/(robots\.txt|sitemap\.xml|manifest\.webmanifest|favicon\.ico|(apple-)?icon[^/]*|(opengraph|twitter)-image[^/]*)\/route$/;

/**
 * The values a person would type, per field name; anything else gets a short word. The fuzz kinds
 * start from these, so a mutation of one field leaves the others valid.
 */
const ORDINARY_VALUES: Record<string, string> = {
  name: 'Jan Jansen',
  email: 'jan@example.nl',
  phone: '+31 6 12345678',
  company: 'Jansen BV',
  message: 'Wij zoeken hulp bij een nieuwe webapplicatie voor onze klanten.',
  password: 'een-lang-wachtwoord-2026',
  confirm: 'een-lang-wachtwoord-2026',
  code: '123456',
  next: '/en/account',
  website: '',
};

/** Fields of actions whose form no anonymous or client page renders (the code step, staff pages). */
const FIELDS_WITHOUT_A_PAGE: Record<string, string[]> = {
  verifySignInCode: ['code', 'next'],
  removeFactor: ['factorId'],
  manageTotpEnrolment: ['intent', 'factorId', 'code'],
  markMessageHandled: [],
};

/** Arguments before the FormData for those actions, as their callers bind them. */
const BOUND_WITHOUT_A_PAGE: Record<string, unknown[]> = {
  verifySignInCode: [{ step: 'code', email: 'jan@example.nl' }],
  removeFactor: [{}],
  manageTotpEnrolment: [{}],
  markMessageHandled: ['en', '00000000-0000-4000-8000-000000000000'],
};

/** `app/[locale]/(site)/account/page` → `/en/account` (route groups dropped, dynamic segments filled). */
export function pagePath(worker: string, locale: 'en' | 'nl'): string {
  const segments = worker
    .replace(/^app\//, '')
    .replace(/\/(page|route)$/, '')
    .split('/')
    .filter((segment) => !/^\(.*\)$/.test(segment));
  const filled = segments
    .map((segment) => {
      if (segment === '[locale]') return locale === 'nl' ? '' : 'en';
      if (segment.startsWith('[')) return '00000000-0000-4000-8000-000000000000';
      return segment;
    })
    .filter((segment) => segment !== '');
  return `/${filled.join('/')}`;
}

/** Undoes React's reply escaping of the scraped bound arguments (`$undefined`, `$$…`), so they can be encoded again. */
function decodeBound(value: unknown): unknown {
  if (value === '$undefined') return undefined;
  if (typeof value === 'string' && value.startsWith('$$')) return value.slice(1);
  if (Array.isArray(value)) return value.map(decodeBound);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, decodeBound(entry)]));
  return value;
}

function ordinaryFields(names: readonly string[], existing?: Record<string, string>): Fields {
  return names.map((name) => [name, existing?.[name] ?? ORDINARY_VALUES[name] ?? 'x']);
}

export interface DiscoverOptions {
  root: string;
  baseUrl: string;
  /** Cookie header of a signed-in client, for the account pages and actions. */
  clientCookie: string | undefined;
}

async function fetchHtml(url: string, cookie: string | undefined): Promise<string | undefined> {
  const response = await fetch(url, {
    headers: cookie === undefined ? {} : { Cookie: cookie },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return response.status === 200 ? text : undefined;
}

/** Pages that need a session render their forms only with one. */
const SIGNED_IN_PAGES = /\/(account|reset-password)(\/|$)/;

export async function discoverTargets(options: DiscoverOptions): Promise<Target[]> {
  const manifest = JSON.parse(
    await readFile(path.join(options.root, '.next/server/server-reference-manifest.json'), 'utf8'),
  ) as ReferenceManifest;
  const appPaths = JSON.parse(await readFile(path.join(options.root, '.next/server/app-paths-manifest.json'), 'utf8')) as Record<
    string,
    string
  >;

  const scraped = new Map<string, ScrapedForm & { page: string }>();
  const pages = new Set(Object.values(manifest.node).flatMap((entry) => Object.keys(entry.workers)));
  for (const worker of pages) {
    const page = pagePath(worker, 'en');
    const signedIn = SIGNED_IN_PAGES.test(page);
    if (signedIn && options.clientCookie === undefined) continue;
    const html = await fetchHtml(`${options.baseUrl}${page}`, signedIn ? options.clientCookie : undefined);
    if (html === undefined) continue;
    for (const form of scrapeForms(html)) if (!scraped.has(form.actionId)) scraped.set(form.actionId, { ...form, page });
  }

  const actions: ActionTarget[] = Object.entries(manifest.node).map(([id, entry]) => {
    const exportName = entry.exportedName ?? id;
    const firstWorker = Object.keys(entry.workers)[0] ?? 'app/[locale]/page';
    const form = scraped.get(id);
    const page = form?.page ?? pagePath(firstWorker, 'en');
    const session = SIGNED_IN_PAGES.test(page) && options.clientCookie !== undefined ? 'client' : 'anonymous';
    return {
      type: 'action',
      name: `${entry.filename ?? '?'}#${exportName}`,
      id,
      page,
      bound: form === undefined ? (BOUND_WITHOUT_A_PAGE[exportName] ?? [{}]) : (decodeBound(form.bound) as unknown[]),
      fields: ordinaryFields(form?.fieldNames ?? FIELDS_WITHOUT_A_PAGE[exportName] ?? []),
      hidden: form?.hidden,
      session,
    };
  });

  const routes: RouteTarget[] = Object.keys(appPaths)
    .filter((route) => route.endsWith('/route') && !METADATA_ROUTE.test(route))
    .map((route) => {
      const worker = `app${route}`;
      const paths = route.includes('[locale]') ? [pagePath(worker, 'nl'), pagePath(worker, 'en')] : [pagePath(worker, 'en')];
      return { type: 'route', name: route.replace(/\/route$/, ''), paths };
    });

  return [...actions.sort((a, b) => a.name.localeCompare(b.name)), ...routes.sort((a, b) => a.name.localeCompare(b.name))];
}
