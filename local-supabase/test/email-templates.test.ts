import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LOCALE_SWITCH, TEMPLATES_DIR, isEnglish, loadEmailTemplates, parseTemplate, renderEmail } from '../src/mail/templates';

const site = 'https://bitwerf.example';
// A code that appears nowhere else in a mail: the placeholder KvK number (12345678) holds 123456.
const variables = { SiteURL: site, Email: 'a@b.nl', NewEmail: 'c@d.nl', Token: '907153', TokenHash: 'f00d' };

describe('Auth e-mail templates', () => {
  it('ship in a shape hosted Supabase renders the same way', () => {
    expect(() => loadEmailTemplates()).not.toThrow();
    for (const file of ['recovery/subject.txt', 'recovery/body.html', 'email_change/subject.txt', 'email_change/body.html']) {
      expect(readFileSync(path.join(TEMPLATES_DIR, file), 'utf8').startsWith(LOCALE_SWITCH), file).toBe(true);
    }
  });

  it('are the ones supabase/config.toml gives `supabase start`, subject and body', () => {
    const config = readFileSync(path.join(TEMPLATES_DIR, '..', '..', 'supabase', 'config.toml'), 'utf8');
    for (const type of ['recovery', 'email_change']) {
      const section = new RegExp(String.raw`^\[auth\.email\.template\.${type}\]\nsubject = '(.*)'\ncontent_path = "(.*)"$`, 'm').exec(
        config,
      );
      expect(section?.[1], type).toBe(readFileSync(path.join(TEMPLATES_DIR, type, 'subject.txt'), 'utf8').trim());
      expect(section?.[2], type).toBe(`./local-supabase/templates/${type}/body.html`);
    }
  });

  it('pick English for a redirect under <site>/en/ and Dutch for anything else, as the Go condition does', () => {
    expect(isEnglish({ SiteURL: site, RedirectTo: `${site}/en/auth/confirm?next=%2Fen%2Freset-password` })).toBe(true);
    expect(isEnglish({ SiteURL: site, RedirectTo: `${site}/auth/confirm?next=%2Freset-password` })).toBe(false);
    expect(isEnglish({ SiteURL: site, RedirectTo: site })).toBe(false);
    expect(isEnglish({ SiteURL: site, RedirectTo: `${site}/enterprise/` })).toBe(false);
    expect(isEnglish({ SiteURL: site, RedirectTo: `https://evil.example/en/` })).toBe(false);
  });

  it('render subject, HTML with escaped values and a plain-text version', () => {
    const en = renderEmail('recovery', {
      ...variables,
      RedirectTo: `${site}/en/auth/confirm?next=%2Fen%2Freset-password`,
      Email: "o'brien@b.nl",
    });
    expect(en.subject).toBe('Reset your password');
    expect(en.html).toContain(`href="${site}/en/auth/confirm?token_hash=f00d&amp;type=recovery&amp;next=%2Fen%2Freset-password"`);
    expect(en.html).toContain('o&#39;brien@b.nl');
    expect(en.text).toContain(`Choose a new password: ${site}/en/auth/confirm?token_hash=f00d&type=recovery&next=%2Fen%2Freset-password`);
    expect(en.link).toBe(`${site}/en/auth/confirm?token_hash=f00d&type=recovery&next=%2Fen%2Freset-password`);
    const nl = renderEmail('email_change', { ...variables, RedirectTo: `${site}/auth/confirm?next=%2Faccount` });
    expect(nl.subject).toBe('Bevestig je nieuwe e-mailadres');
    expect(nl.html).toContain('van a@b.nl in c@d.nl');
    expect(nl.link).toBe(`${site}/auth/confirm?token_hash=f00d&type=email_change`);
  });

  it('build the link from the site URL, never from the redirect a caller asked for (review 2, finding 5)', () => {
    // A caller may pass any redirect under the site; here one that smuggles in its own token_hash.
    const planted = `${site}/en/auth/confirm?token_hash=attacker&type=recovery&next=%2Fen%2Faccount&x=`;
    for (const type of ['recovery', 'email_change'] as const) {
      const mail = renderEmail(type, { ...variables, RedirectTo: planted });
      expect(mail.html, type).not.toContain('attacker');
      expect(new URL(mail.link).searchParams.getAll('token_hash'), type).toEqual(['f00d']);
      expect(mail.link.startsWith(`${site}/en/auth/confirm?`), type).toBe(true);
    }
    // Without a redirect GoTrue passes the bare site URL: still a working (Dutch) confirm link.
    expect(renderEmail('recovery', { ...variables, RedirectTo: site }).link).toBe(
      `${site}/auth/confirm?token_hash=f00d&type=recovery&next=%2Freset-password`,
    );
  });

  it('offer no code to type in, as the site has nowhere to enter one', () => {
    for (const type of ['recovery', 'email_change'] as const) {
      for (const RedirectTo of [`${site}/en/auth/confirm`, `${site}/auth/confirm`]) {
        const mail = renderEmail(type, { ...variables, RedirectTo });
        expect(`${mail.html}\n${mail.text}`, `${type} ${RedirectTo}`).not.toContain(variables.Token);
      }
    }
  });

  it('refuse any template syntax the local renderer would not evaluate like Go', () => {
    const wrap = (en: string, nl = 'nl') => `${LOCALE_SWITCH}${en}{{ else }}${nl}{{ end }}`;
    expect(parseTemplate(wrap('{{ .TokenHash }}'), 'ok')).toEqual({ en: '{{ .TokenHash }}', nl: 'nl' });
    expect(() => parseTemplate(wrap('<a href="{{ .RedirectTo }}&amp;token_hash={{ .TokenHash }}">'), 'redirect')).toThrow(
      /template syntax/,
    );
    expect(() => parseTemplate(wrap('{{ .Token }}'), 'code')).toThrow(/template syntax/);
    expect(() => parseTemplate(wrap('{{ .Data.locale }}'), 'data')).toThrow(/template syntax/);
    expect(() => parseTemplate(wrap('{{ if .Token }}x{{ end }}'), 'nested')).toThrow();
    expect(() => parseTemplate(wrap('{{ .ConfirmationURL }}'), 'unknown')).toThrow(/template syntax/);
    expect(() => parseTemplate('Hello {{ .Token }}', 'no switch')).toThrow(/locale switch/);
  });
});
