import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_COOKIE_OPTIONS } from '@supabase/ssr';
import { describe, expect, it } from 'vitest';
import { localeCookie } from '@/i18n/routing';
import { WITHDRAW_COOKIE_MAX_AGE_SECONDS } from '@/lib/applications/application-fields';
import enAuth from '../../public/locales/en/auth.json';
import enLegal from '../../public/locales/en/legal.json';
import nlAuth from '../../public/locales/nl/auth.json';
import nlLegal from '../../public/locales/nl/legal.json';

// The legal pages make promises about retention, storage and link lifetimes. Each promise is
// pinned here to the code or configuration that keeps it, so changing one side without the
// other fails the build instead of quietly making a statement untrue.

// Vitest runs from the repository root (jsdom gives import.meta.url an http: scheme).
const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const migrations = readdirSync(join(process.cwd(), 'supabase/migrations'))
  .sort()
  .map((file) => read(`supabase/migrations/${file}`))
  .join('\n');

/** The body of the newest definition of a SQL function across all migrations. */
function lastDefinition(name: string): string {
  const starts = [...migrations.matchAll(new RegExp(`create (or replace )?function public\\.${name}\\(`, 'g'))];
  const start = starts.at(-1)?.index;
  if (start === undefined) throw new Error(`no migration defines public.${name}`);
  return migrations.slice(start, migrations.indexOf('$$;', start));
}

const text = (paragraphs: string[]) => paragraphs.join(' ');

describe('the legal statements say what the code does', () => {
  it('contact messages are deleted twelve months after they were handled, or arrived', () => {
    expect(lastDefinition('forget_old_contact_messages')).toMatch(/coalesce\(m\.handled_at, m\.created_at\) < now\(\) - interval '12 months'/);
    expect(nlLegal.privacy.sections.retention.paragraphs[0]).toContain('twaalf maanden nadat we je bericht hebben afgehandeld');
    expect(enLegal.privacy.sections.retention.paragraphs[0]).toContain('twelve months after we handled your message');
  });

  it('rate-limit hits are kept for a day, then the hourly run deletes them', () => {
    expect(lastDefinition('consume_rate_limit')).toContain("h.hit_at < now() - interval '1 day'");
    expect(lastDefinition('purge_old_rate_limit_hits')).toContain("h.hit_at < now() - interval '1 day'");
    expect(nlLegal.privacy.sections.retention.paragraphs[2]).toContain('bewaren we een dag; daarna verwijdert de opruimronde die elk uur draait ze');
    expect(enLegal.privacy.sections.retention.paragraphs[2]).toContain('for a day; after that, the clean-up that runs every hour deletes them');
  });

  it('no application is kept longer than a year after it arrived', () => {
    expect(lastDefinition('applications_past_retention')).toContain("a.created_at <= now() - interval '1 year'");
    expect(text(nlLegal.privacy.sections.retention.paragraphs)).toContain('Langer dan een jaar na ontvangst bewaren we geen enkele sollicitatie');
    expect(text(enLegal.privacy.sections.retention.paragraphs)).toContain('We keep no application longer than a year after we received it');
  });

  it('the contact form stores nothing the privacy statement leaves out', () => {
    // What a sender writes (the insert grant) and what staff add (the update grant).
    const columns = [...migrations.matchAll(/grant (?:insert|update) \(([^)]+)\) on public\.contact_messages/g)].flatMap((m) =>
      (m[1] ?? '').split(',').map((c) => c.trim()),
    );
    const named: Record<string, [nl: string, en: string]> = {
      name: ['naam', 'name'],
      email: ['e-mailadres', 'email address'],
      company: ['bedrijfsnaam', 'company name'],
      phone: ['telefoonnummer', 'phone number'],
      subject: ['onderwerp', 'subject'],
      vacancy: ['vacature', 'job opening'],
      message: ['bericht', 'message'],
      locale: ['taal', 'language'],
      handled_at: ['wanneer en door wie het bericht is afgehandeld', 'when and by whom the message was handled'],
      handled_by: ['wanneer en door wie het bericht is afgehandeld', 'when and by whom the message was handled'],
    };
    expect(columns.length).toBeGreaterThan(0);
    for (const column of columns) {
      const [nl, en] = named[column] ?? [`(column ${column} is not described)`, `(column ${column} is not described)`];
      expect(nlLegal.privacy.sections.data.paragraphs[0]).toContain(nl);
      expect(enLegal.privacy.sections.data.paragraphs[0]).toContain(en);
    }
  });

  it('a password-reset link lasts one hour, as the forgot-password page and the privacy statement say', () => {
    expect(read('supabase/config.toml')).toMatch(/^\[auth\.email\][^[]*^otp_expiry = 3600$/m);
    expect(nlAuth.forgot.sent).toContain('De link is een uur geldig.');
    expect(enAuth.forgot.sent).toContain('The link is valid for one hour.');
    expect(text(nlLegal.privacy.sections.retention.paragraphs)).toContain('een uur geldig');
    expect(text(enLegal.privacy.sections.retention.paragraphs)).toContain('valid for one hour');
  });

  it('the cookie table gives the lifetimes the cookies are set with', () => {
    expect(localeCookie.maxAge).toBe(365 * 24 * 60 * 60);
    expect(nlLegal.cookies.table.rows.locale.retention).toBe('1 jaar');
    expect(enLegal.cookies.table.rows.locale.retention).toBe('1 year');
    expect(DEFAULT_COOKIE_OPTIONS.maxAge).toBe(400 * 24 * 60 * 60);
    expect(nlLegal.cookies.table.rows.auth.retention).toContain('400 dagen');
    expect(enLegal.cookies.table.rows.auth.retention).toContain('400 days');
    expect(nlLegal.cookies.table.rows.codeVerifier.retention).toBe('400 dagen');
    expect(enLegal.cookies.table.rows.codeVerifier.retention).toBe('400 days');
    expect(WITHDRAW_COOKIE_MAX_AGE_SECONDS).toBe(30 * 60);
    expect(nlLegal.cookies.table.rows.applicationWithdraw.retention).toBe('30 minuten');
    expect(enLegal.cookies.table.rows.applicationWithdraw.retention).toBe('30 minutes');
  });
});
