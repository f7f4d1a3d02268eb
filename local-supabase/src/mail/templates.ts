import { readFileSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../config';

/**
 * The Auth e-mails, in English and Dutch, from `local-supabase/templates/<type>/`. The files are
 * Go templates that hosted Supabase accepts as they are (Authentication → Email Templates), so
 * the e-mails tried locally are the ones a deployment sends. Each file starts with one fixed
 * locale switch, English when the redirect goes under `<site URL>/en/`, Dutch otherwise, written
 * with Go's built-in template functions only (hosted Supabase offers no others). This module
 * renders exactly that shape and refuses any other, so a file that would render differently on
 * hosted Supabase fails at start-up instead of silently.
 */

export const TEMPLATES_DIR = path.join(REPO_ROOT, 'local-supabase/templates');

export type EmailType = 'recovery' | 'email_change';

/** The variables GoTrue passes to these templates. */
export interface EmailVariables {
  SiteURL: string;
  RedirectTo: string;
  Email: string;
  NewEmail?: string;
  Token: string;
  TokenHash: string;
}

export const LOCALE_SWITCH =
  '{{ $en := printf "%s/en/" .SiteURL }}{{ if and (ge (len .RedirectTo) (len $en)) (eq (slice .RedirectTo 0 (len $en)) $en) }}';
const ELSE = '{{ else }}';
const END = '{{ end }}';
const VARIABLE = /\{\{\s*\.([A-Za-z]+)\s*\}\}/g;
/**
 * What a branch may print. Not `RedirectTo`: the caller of /recover chooses it (anything under the
 * site URL), so a link built from it can carry the caller's own token_hash; links start at
 * `SiteURL`, and RedirectTo only picks the language. Not `Token`: the site has no field to type an
 * e-mailed code into, so the mails offer none.
 */
const KNOWN = new Set<string>(['SiteURL', 'Email', 'NewEmail', 'TokenHash']);

interface Parsed {
  en: string;
  nl: string;
}

/** Splits a template into its English and Dutch branches; throws on anything but the known shape. */
export function parseTemplate(source: string, name: string): Parsed {
  const text = source.trim();
  const fail = (why: string) => new Error(`E-mail template ${name}: ${why}`);
  if (!text.startsWith(LOCALE_SWITCH)) throw fail('must start with the locale switch (see local-supabase/README.md)');
  if (!text.endsWith(END)) throw fail(`must end with ${END}`);
  const inner = text.slice(LOCALE_SWITCH.length, -END.length);
  const parts = inner.split(ELSE);
  if (parts.length !== 2) throw fail(`needs exactly one ${ELSE}`);
  const [en = '', nl = ''] = parts.map((part) => part.trim());
  for (const branch of [en, nl]) {
    // Anything templated other than a known variable would render differently in Go.
    const leftover = branch.replace(VARIABLE, (whole, variable: string) => (KNOWN.has(variable) ? '' : whole));
    if (leftover.includes('{{')) throw fail(`uses template syntax other than ${[...KNOWN].map((key) => `{{ .${key} }}`).join(', ')}`);
  }
  return { en, nl };
}

/**
 * HTML-escapes a value, as Go's html/template does in text. In the `href`s it also
 * percent-encodes a few characters, which the URLs GoTrue passes (from its allow-list) lack.
 */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[char] ?? char);
}

/** The branch the locale switch picks, evaluated as Go would. */
export const isEnglish = (variables: Pick<EmailVariables, 'SiteURL' | 'RedirectTo'>): boolean =>
  variables.RedirectTo.startsWith(`${variables.SiteURL}/en/`);

function render(parsed: Parsed, variables: EmailVariables): string {
  const branch = isEnglish(variables) ? parsed.en : parsed.nl;
  return branch.replace(VARIABLE, (_whole, variable: string) => escapeHtml(variables[variable as keyof EmailVariables] ?? ''));
}

/** A plain-text version of a rendered body, for the console and the inbox's `text`. */
function toText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g, '$2: $1')
    .replace(/<\/(h\d|p)>\s*/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#34;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

const cache = new Map<EmailType, { subject: Parsed; body: Parsed }>();

function load(type: EmailType): { subject: Parsed; body: Parsed } {
  let loaded = cache.get(type);
  if (loaded === undefined) {
    const file = (name: string) => path.join(TEMPLATES_DIR, type, name);
    loaded = {
      subject: parseTemplate(readFileSync(file('subject.txt'), 'utf8'), `${type}/subject.txt`),
      body: parseTemplate(readFileSync(file('body.html'), 'utf8'), `${type}/body.html`),
    };
    cache.set(type, loaded);
  }
  return loaded;
}

/** Checks every template once, so a broken file stops the backend at start-up. */
export function loadEmailTemplates(): void {
  for (const type of ['recovery', 'email_change'] as const) load(type);
}

/** The first link of a rendered body, unescaped: the one the site's confirm route redeems. */
function firstLink(html: string, type: EmailType): string {
  const href = /<a [^>]*href="([^"]*)"/.exec(html)?.[1];
  if (href === undefined) throw new Error(`E-mail template ${type}: the body has no link`);
  return href.replace(/&amp;/g, '&');
}

export function renderEmail(type: EmailType, variables: EmailVariables): { subject: string; html: string; text: string; link: string } {
  const { subject, body } = load(type);
  const html = render(body, variables);
  return { subject: render(subject, variables), html, text: toText(html), link: firstLink(html, type) };
}
