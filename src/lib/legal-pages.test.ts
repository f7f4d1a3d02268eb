import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEFAULT_COOKIE_OPTIONS } from '@supabase/ssr';
import { describe, expect, it } from 'vitest';

import { localeCookie } from '@/i18n/routing';
import { WITHDRAW_COOKIE_MAX_AGE_SECONDS } from '@/lib/applications/application-fields';
import { ENROLMENT_COOKIE_MAX_AGE_SECONDS } from '@/lib/staff/enrolment-link';

import { DEFAULT_SESSION_INACTIVITY_SECONDS, DEFAULT_SESSION_TIMEBOX_SECONDS } from '../../local-supabase/src/config';
import enAuth from '../../public/locales/en/auth.json';
import enLegal from '../../public/locales/en/legal.json';
import enRecruiting from '../../public/locales/en/recruiting.json';
import nlAuth from '../../public/locales/nl/auth.json';
import nlLegal from '../../public/locales/nl/legal.json';
import nlRecruiting from '../../public/locales/nl/recruiting.json';

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

/** The statement that creates a policy, up to its semicolon. */
function lastPolicy(name: string): string {
  const start = migrations.lastIndexOf(`create policy "${name}"`);
  if (start < 0) throw new Error(`no migration creates the policy "${name}"`);
  return migrations.slice(start, migrations.indexOf(';', start));
}

const text = (paragraphs: string[]) => paragraphs.join(' ');
const nlPrivacy = nlLegal.privacy.sections;
const enPrivacy = enLegal.privacy.sections;

describe('the legal statements say what the code does', () => {
  it('contact messages are deleted twelve months after they were handled, or arrived', () => {
    expect(lastDefinition('forget_old_contact_messages')).toMatch(
      /coalesce\(m\.handled_at, m\.created_at\) < now\(\) - interval '12 months'/,
    );
    expect(nlPrivacy.retention.paragraphs[0]).toContain('twaalf maanden nadat we je bericht hebben afgehandeld');
    expect(enPrivacy.retention.paragraphs[0]).toContain('twelve months after we handled your message');
  });

  it('rate-limit hits are kept for a day, then the hourly run deletes them', () => {
    expect(lastDefinition('consume_rate_limit')).toContain("h.hit_at < now() - interval '1 day'");
    expect(lastDefinition('purge_old_rate_limit_hits')).toContain("h.hit_at < now() - interval '1 day'");
    expect(nlPrivacy.retention.paragraphs[2]).toContain('bewaren we een dag. Daarna verwijdert onze opruimronde, die elk uur draait,');
    expect(enPrivacy.retention.paragraphs[2]).toContain('for a day. After that, our clean-up, which runs every hour, deletes them');
  });

  it('the application access log is kept for a year, then the hourly run deletes it', () => {
    expect(lastDefinition('purge_old_application_access_log')).toContain("l.at < now() - interval '1 year'");
    expect(read('src/app/api/retention/route.ts')).toContain('purgeOldApplicationAccessLog()');
    expect(nlPrivacy.retention.paragraphs[2]).toContain(
      'Het logboek van wie een sollicitatie zag, opende of exporteerde of een bestand ervan downloadde, bewaren we een jaar',
    );
    expect(enPrivacy.retention.paragraphs[2]).toContain(
      'We keep the log of who saw, opened or exported an application or downloaded one of its files for one year',
    );
    expect(nlPrivacy.security.paragraphs[0]).toContain('Alleen beheerders kunnen dat logboek inzien');
    expect(enPrivacy.security.paragraphs[0]).toContain('Only administrators can see that log');
  });

  it('no entry, no access: the database logs every list, opening, download and export as it hands the data over', () => {
    expect(nlPrivacy.security.paragraphs[0]).toContain(
      'zonder regel in het logboek krijgt niemand een sollicitatie te zien, ook niet buiten de website om',
    );
    expect(enPrivacy.security.paragraphs[0]).toContain(
      'without an entry in the log nobody gets to see an application, not even outside the website',
    );
    const migration = read('supabase/migrations/20261201130000_applications_read_through_the_access_log.sql');
    // Staff sessions read nothing directly, neither the rows nor the bucket.
    expect(migration).toContain(
      'revoke select on public.applications, public.application_files, public.application_notes from authenticated;',
    );
    expect(migration).toContain('drop policy "Recruiting staff can read the stored files of live applications." on storage.objects;');
    // Each function that hands over applicant data writes its entry in the same function.
    for (const [fn, action] of [
      ['staff_applications_page', 'list'],
      ['staff_application_open', 'open'],
      ['staff_application_file', 'download'],
    ] as const) {
      expect(lastDefinition(fn), fn).toContain(`'${action}')`);
    }
    expect(lastDefinition('log_rights_export')).toContain("'export'");
    expect(read('src/lib/rights/rights-requests.ts')).toMatch(
      /if \(!\(await logRightsExport\(admin, data, actorId\)\)\) return null;\s*const files = await downloadSubjectFiles/,
    );
  });

  it('an access request includes the access log on the applications, and erasure leaves it for its year', () => {
    const subjectData = read('src/lib/rights/subject-data.ts');
    expect(subjectData).toMatch(/\.from\('application_access_log'\)\s*\.select\('\*'\)\s*\.in\('application_id', ids\)/);
    const erasure = subjectData.slice(subjectData.indexOf('export async function eraseSubjectData'));
    expect(erasure).not.toContain('application_access_log');
    expect(nlPrivacy.retention.paragraphs[2]).toContain('Vraag je om inzage, dan krijg je ook de regels over jouw sollicitaties.');
    expect(nlPrivacy.retention.paragraphs[2]).toContain(
      'Verwijderen we je sollicitatie, dan blijven die regels staan tot ze een jaar oud zijn',
    );
    expect(enPrivacy.retention.paragraphs[2]).toContain('If you ask to see your data, you also get the entries about your applications.');
    expect(enPrivacy.retention.paragraphs[2]).toContain('If we delete your application, those entries stay until they are a year old');
  });

  it('staff link their authenticator only through a link that is valid for a day', () => {
    expect(read('supabase/migrations/20261126170000_staff_enrolment_links.sql')).toContain(
      "expires_at <= created_at + interval '24 hours'",
    );
    expect(nlPrivacy.security.paragraphs[0]).toContain(
      'met een persoonlijke link die ze van een beheerder krijgen en die een dag geldig is',
    );
    expect(enPrivacy.security.paragraphs[0]).toContain('with a personal link that an administrator gives them and that is valid for a day');
  });

  it('no application is kept longer than a year after it arrived', () => {
    expect(lastDefinition('applications_past_retention')).toContain("a.created_at <= now() - interval '1 year'");
    expect(text(nlPrivacy.retention.paragraphs)).toContain('Langer dan een jaar na ontvangst bewaren we geen enkele sollicitatie');
    expect(text(enPrivacy.retention.paragraphs)).toContain('We keep no application longer than a year after we received it');
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
      vacancy: ['vacature', 'position'],
      message: ['bericht', 'message'],
      locale: ['taal', 'language'],
      handled_at: ['wanneer en door wie het bericht is afgehandeld', 'when and by whom the message was handled'],
      handled_by: ['wanneer en door wie het bericht is afgehandeld', 'when and by whom the message was handled'],
    };
    expect(columns.length).toBeGreaterThan(0);
    for (const column of columns) {
      const [nl, en] = named[column] ?? [`(column ${column} is not described)`, `(column ${column} is not described)`];
      expect(nlPrivacy.data.paragraphs[0]).toContain(nl);
      expect(enPrivacy.data.paragraphs[0]).toContain(en);
    }
  });

  it('a password-reset link lasts one hour, as the forgot-password page and the privacy statement say', () => {
    expect(read('supabase/config.toml')).toMatch(/^\[auth\.email\][^[]*^otp_expiry = 3600$/m);
    expect(nlAuth.forgot.sent).toContain('De link is een uur geldig.');
    expect(enAuth.forgot.sent).toContain('The link is valid for one hour.');
    expect(text(nlPrivacy.retention.paragraphs)).toContain('een uur geldig');
    expect(text(enPrivacy.retention.paragraphs)).toContain('valid for one hour');
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
    expect(ENROLMENT_COOKIE_MAX_AGE_SECONDS).toBe(60 * 60);
    expect(nlLegal.cookies.table.rows.staffEnrolment.retention).toBe('1 uur');
    expect(enLegal.cookies.table.rows.staffEnrolment.retention).toBe('1 hour');
    // Next's draft-mode cookie is a session cookie: it lasts until the preview's exit or the browser closes.
    expect(read('src/app/api/content/preview/route.ts')).toContain('(await draftMode()).enable()');
    expect(WITHDRAW_COOKIE_MAX_AGE_SECONDS).toBe(30 * 60);
    expect(nlLegal.cookies.table.rows.applicationWithdraw.retention).toBe('30 minuten');
    expect(enLegal.cookies.table.rows.applicationWithdraw.retention).toBe('30 minutes');
  });

  it('applications without the talent pool, or hired, are deleted four weeks after the procedure ended', () => {
    const rule = "(not a.talent_pool or a.status = 'hired') and a.procedure_ended_at <= now() - interval '4 weeks'";
    expect(lastDefinition('applications_past_retention')).toContain(rule);
    expect(nlPrivacy.retention.paragraphs[1]).toContain('vier weken nadat de procedure is afgelopen');
    expect(enPrivacy.retention.paragraphs[1]).toContain('four weeks after the recruitment process has ended');
    expect(nlPrivacy.retention.paragraphs[1]).toContain(
      'verwijderen we je sollicitatie vier weken later, ook als je in de talentpool stond',
    );
    expect(enPrivacy.retention.paragraphs[1]).toContain('we delete your application four weeks later, even if you were in the talent pool');
  });

  it('the talent pool can be left on its own: from the withdraw page, and by staff when asked by mail', () => {
    expect(lastDefinition('take_out_of_talent_pool')).toContain('set talent_pool = false');
    expect(nlPrivacy.purposes.paragraphs[3]).toContain('zonder je sollicitatie in te trekken, of door ons te mailen');
    expect(enPrivacy.purposes.paragraphs[3]).toContain('without withdrawing your application, or by emailing us');
  });

  it('leaving the talent pool deletes four weeks after the procedure, or at once when those weeks are past', () => {
    // Out of the pool, the four-week rule applies at once (applications_past_retention()); the
    // withdraw page and the staff action delete straight away in that case (talentPoolExit()).
    expect(lastDefinition('applications_past_retention')).toContain(
      "(not a.talent_pool or a.status = 'hired') and a.procedure_ended_at <= now() - interval '4 weeks'",
    );
    expect(read('src/lib/applications/withdraw.ts')).toMatch(/talentPool\?\.when !== 'now'[\s\S]*deleteApplications\(\[found\.id\]\)/);
    expect(read('src/app/[locale]/(site)/account/applications/actions.ts')).toMatch(/when === 'now'[\s\S]*deleteApplicationOnRequest\(/);
    expect(nlPrivacy.purposes.paragraphs[3]).toContain(
      'verwijderen we je sollicitatie vier weken na het einde van de procedure, of meteen als dat al langer dan vier weken geleden is',
    );
    expect(enPrivacy.purposes.paragraphs[3]).toContain(
      'we delete your application four weeks after the recruitment process ends, or at once if it ended more than four weeks ago',
    );
  });

  it('a session ends after seven days without use and thirty days after sign-in, hosted and embedded alike', () => {
    expect(read('supabase/config.toml')).toMatch(/^\[auth\.sessions\]\ntimebox = "720h"\ninactivity_timeout = "168h"$/m);
    expect(DEFAULT_SESSION_TIMEBOX_SECONDS).toBe(720 * 3600);
    expect(DEFAULT_SESSION_INACTIVITY_SECONDS).toBe(168 * 3600);
    expect(nlPrivacy.retention.paragraphs[2]).toContain('na zeven dagen zonder gebruik, en in elk geval dertig dagen nadat je inlogde');
    expect(enPrivacy.retention.paragraphs[2]).toContain('after seven days without use, and in any case thirty days after you signed in');
  });

  it('names the logs and backups kept outside the site, and says their periods depend on the plan', () => {
    expect(nlPrivacy.retention.paragraphs[4]).toContain('Het inlogsysteem houdt een logboek bij');
    expect(nlPrivacy.retention.paragraphs[4]).toContain('back-ups');
    expect(enPrivacy.retention.paragraphs[4]).toContain('The sign-in system keeps a log');
    expect(enPrivacy.retention.paragraphs[4]).toContain('backups');
  });

  it('a rights request is recorded with an HMAC of the address, never the address itself', () => {
    const table = /create table public\.rights_requests \(([\s\S]*?)\n\);/.exec(migrations)?.[1] ?? '';
    expect(table).toContain('subject_key text not null');
    expect(table).not.toMatch(/\bemail\b|\baddress\b/);
    expect(read('src/lib/rights/rights-requests.ts')).toContain(
      "const subjectKey = (email: string) => rateLimitKey('rights-request', email.toLowerCase());",
    );
    expect(nlPrivacy.retention.paragraphs[3]).toContain('met een code die we van je e-mailadres afleiden (een HMAC), niet het adres zelf');
    expect(enPrivacy.retention.paragraphs[3]).toContain('with a code derived from your email address (an HMAC), not the address itself');
  });

  it('the application form stores nothing the privacy statement leaves out', () => {
    const table = /create table public\.applications \(([\s\S]*?)\n\);/.exec(migrations)?.[1] ?? '';
    const columns = [...table.matchAll(/^ {2}([a-z_]+) /gm)].map((m) => m[1] ?? '').filter((column) => column !== 'constraint');
    const named: Record<string, [nl: string, en: string]> = {
      created_at: ['wanneer je solliciteerde', 'when you applied'],
      locale: ['in welke taal', 'in which language'],
      vacancy_slug: ['op welke vacature je solliciteert', 'which position you apply for'],
      vacancy_title: ['op welke vacature je solliciteert', 'which position you apply for'],
      name: ['naam', 'name'],
      email: ['e-mailadres', 'email address'],
      phone: ['telefoonnummer', 'phone number'],
      profile_url: ['LinkedIn-profiel of portfolio', 'LinkedIn profile or portfolio'],
      motivation: ['motivatie', 'cover note'],
      talent_pool: ['of je in onze talentpool wilt', 'whether you want to join our talent pool'],
      status: ['in welke fase de procedure is', 'the stage your application has reached'],
      status_changed_at: ['wie die fase wanneer heeft gewijzigd', 'who changed it and when'],
      status_changed_by: ['wie die fase wanneer heeft gewijzigd', 'who changed it and when'],
      procedure_ended_at: ['in welke fase de procedure is', 'the stage your application has reached'],
    };
    // Keys and bookkeeping that say nothing about the applicant: the row's id, and the moment its deletion began.
    const technical = new Set(['id', 'deletion_requested_at']);
    expect(columns).toContain('motivation');
    for (const column of columns.filter((c) => !technical.has(c))) {
      const [nl, en] = named[column] ?? [`(column ${column} is not described)`, `(column ${column} is not described)`];
      expect(nlPrivacy.data.paragraphs[1]).toContain(nl);
      expect(enPrivacy.data.paragraphs[1]).toContain(en);
    }
    expect(migrations).toMatch(/create table public\.application_notes/);
    expect(nlPrivacy.data.paragraphs[1]).toContain('de interne notities van onze medewerkers');
    expect(enPrivacy.data.paragraphs[1]).toContain("our staff's internal notes");
  });

  it('only a member of staff moves an application on: nothing decides about it automatically', () => {
    // Every statement that sets a status sits in a definition of the function that refuses anyone
    // but recruiting staff, and the latest definition is the one in force.
    const definitions = [...migrations.matchAll(/create (?:or replace )?function public\.set_application_status[\s\S]*?\$\$;/g)].map(
      ([body]) => body,
    );
    expect([...migrations.matchAll(/\bset status\b/g)]).toHaveLength(definitions.length);
    expect(definitions.every((body) => /set status =/.test(body))).toBe(true);
    expect(lastDefinition('set_application_status')).toMatch(/if not public\.has_staff_role\('recruiting'\) then[\s\S]*set status =/);
    expect(text(nlPrivacy.purposes.paragraphs)).toContain('we nemen geen besluiten over sollicitaties die alleen op geautomatiseerde');
    expect(text(enPrivacy.purposes.paragraphs)).toContain('we make no decisions about applications based solely on automated');
  });

  it('a form that did not come through can be completed for an hour, and its cookie lasts an hour', () => {
    const drafts = read('src/lib/applications/drafts.ts');
    expect(drafts).toContain('export const DRAFT_MAX_AGE_SECONDS = 60 * 60;');
    expect(drafts).toMatch(/Date\.now\(\) - DRAFT_MAX_AGE_SECONDS \* 1000/);
    expect(lastDefinition('forget_old_application_drafts')).toContain("interval '1 hour'");
    expect(read('src/lib/applications/answer-application.ts')).toContain('draftCookie(outcome.locale, kept, DRAFT_MAX_AGE_SECONDS)');
    expect(nlPrivacy.retention.paragraphs[1]).toContain('kun je een uur lang aanvullen; binnen het uur daarna verwijderen we het');
    expect(enPrivacy.retention.paragraphs[1]).toContain('an hour to complete it; we delete what you typed within the following hour');
    expect(nlLegal.cookies.table.rows.applicationDraft.retention).toBe('1 uur');
    expect(enLegal.cookies.table.rows.applicationDraft.retention).toBe('1 hour');
    // In an outage the cookie holds the text itself (sealed-draft.ts), for the same hour, and says so.
    expect(read('src/lib/applications/drafts.ts')).toContain('sealDraft(');
    expect(nlLegal.cookies.table.rows.applicationDraft.purpose).toContain('bewaart de cookie wat je typte zelf, versleuteld');
    expect(enLegal.cookies.table.rows.applicationDraft.purpose).toContain('the cookie keeps what you typed itself, encrypted');
  });

  it('staff download a file through a link that works for one minute', () => {
    const staff = read('src/lib/recruiting/staff-applications.ts');
    expect(staff).toContain('export const DOWNLOAD_URL_SECONDS = 60;');
    expect(staff).toMatch(/createSignedUrl\([^)]*, DOWNLOAD_URL_SECONDS\)/);
    expect(nlPrivacy.security.paragraphs[0]).toContain('via een link die een minuut werkt');
    // Those who handle them: applications are the recruiting role's, messages the inbox role's.
    expect(nlPrivacy.security.paragraphs[0]).toContain(
      'sollicitaties alleen wie met de werving bezig is, berichten alleen wie de berichten beantwoordt',
    );
    expect(enPrivacy.security.paragraphs[0]).toContain(
      'applications only by those who work on recruitment, messages only by those who answer them',
    );
    expect(lastPolicy('Recruiting staff can read live applications.')).toContain("has_staff_role('recruiting')");
    expect(lastPolicy('Recruiting staff can read the stored files of live applications.')).toContain("has_staff_role('recruiting')");
    expect(lastPolicy('Inbox staff can read messages.')).toContain("has_staff_role('inbox')");
    expect(enPrivacy.security.paragraphs[0]).toContain('through a link that works for one minute');
    expect(nlRecruiting.files.hint).toContain('werkt één minuut');
    expect(enRecruiting.files.hint).toContain('works for one minute');
  });

  it('the device cookie lasts the year the cookie table gives', () => {
    expect(read('src/lib/auth/device.ts')).toContain('const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;');
    expect(nlLegal.cookies.table.rows.device.retention).toBe('1 jaar');
    expect(enLegal.cookies.table.rows.device.retention).toBe('1 year');
  });

  it('data is processed in the EU: the functions run in an EU region, and going live says to choose EU providers', () => {
    const vercel = JSON.parse(read('vercel.json')) as { regions?: string[] };
    // Vercel's regions in the EU: Frankfurt, Paris, Dublin, Stockholm.
    expect(vercel.regions?.length).toBeGreaterThan(0);
    for (const region of vercel.regions ?? []) expect(['fra1', 'cdg1', 'dub1', 'arn1']).toContain(region);
    expect(read('docs/operations/going-live.md')).toMatch(
      /Keep the data in the EU[\s\S]*EU region[\s\S]*SMTP provider that processes mail in the EU/,
    );
    expect(nlPrivacy.sharing.paragraphs[0]).toContain('Zij verwerken gegevens in de Europese Unie');
    expect(enPrivacy.sharing.paragraphs[0]).toContain('They process data within the European Union');
  });

  it('withdrawing consent deletes the statistics cookies already set, as the cookie statement says', () => {
    const script = read('src/lib/consent/consent-script.ts');
    expect(script).toContain("if(c==='denied')forget()");
    expect(script).toContain("n==='_ga'||n.indexOf('_ga_')===0");
    expect(nlLegal.cookies.sections.change.paragraphs[0]).toContain('Statistiekcookies die al geplaatst zijn, verwijderen we dan meteen.');
    expect(enLegal.cookies.sections.change.paragraphs[0]).toContain('Statistics cookies that were already set are deleted straight away.');
  });
});
