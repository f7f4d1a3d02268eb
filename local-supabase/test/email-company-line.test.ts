import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { company } from '../../src/lib/company';
import { companyLine } from '../../src/lib/mail/application-mails';
import { TEMPLATES_DIR, renderEmail } from '../src/mail/templates';

// Every outgoing business mail names the firm: legal name, address and KvK number (art. 27
// Handelsregisterwet 2007, art. 2:186 BW; copy review 3, F4). The site's own mails take that line
// from company.ts; the Auth templates are files GoTrue renders and cannot read it, so they write it
// out, and this test keeps them equal to company.ts. Changed the company details? Change the line in
// local-supabase/templates/*/body.html (and paste them into a hosted project's dashboard) to what
// this test expects.

const site = 'https://bitwerf.example';
const variables = { SiteURL: site, Email: 'a@b.nl', NewEmail: 'c@d.nl', Token: '907153', TokenHash: 'f00d' };
const redirects = { en: `${site}/en/auth/confirm`, nl: `${site}/auth/confirm` } as const;

describe('the company line in the Auth mails', () => {
  it('is the line the site mails carry, built from company.ts', () => {
    expect(companyLine('nl')).toBe(
      `${company.legalName} · ${company.address.street}, ${company.address.postcode} ${company.address.city} · KvK ${company.kvk} · ${company.email}`,
    );
    expect(companyLine('en')).toContain(`Chamber of Commerce (KvK) ${company.kvk}`);
  });

  for (const type of ['recovery', 'email_change'] as const) {
    for (const locale of ['nl', 'en'] as const) {
      it(`closes the ${type} mail in ${locale === 'nl' ? 'Dutch' : 'English'}, in HTML and in text`, () => {
        const mail = renderEmail(type, { ...variables, RedirectTo: redirects[locale] });
        // Nothing in the line needs escaping, so HTML and text carry it as it is.
        expect(mail.html, 'update local-supabase/templates/*/body.html to company.ts').toContain(`<p>${companyLine(locale)}</p>`);
        expect(mail.text).toContain(companyLine(locale));
        expect(mail.html.trimEnd().endsWith(`<p>${companyLine(locale)}</p>`)).toBe(true);
      });
    }
  }

  it('is written once per language in each template, and nowhere else in it', () => {
    for (const type of ['recovery', 'email_change']) {
      const body = readFileSync(path.join(TEMPLATES_DIR, type, 'body.html'), 'utf8');
      expect(body.split(company.kvk).length - 1, type).toBe(2);
    }
  });
});
