// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { companyDefaults as company } from '@/lib/company/defaults';

import { companyLine } from './application-mails';
import { TEMPLATES_DIR, renderEmail } from '../../../local-supabase/src/mail/templates';

// Every outgoing business mail names the firm: legal name, address and KvK number (art. 27
// Handelsregisterwet 2007, art. 2:186 BW; copy review 3, F4). The site's own mails take that line
// from the published company details; the Auth templates are files GoTrue renders and cannot read
// them, so they write it out, and this test keeps them equal to the defaults (src/lib/company/
// defaults.ts, the first published version). Published other details? The company page says to
// change the line in the hosted project's templates too; here, change the defaults and
// local-supabase/templates/*/body.html to what this test expects.

const site = 'https://bitwerf.example';
const variables = { SiteURL: site, Email: 'a@b.nl', NewEmail: 'c@d.nl', Token: '907153', TokenHash: 'f00d' };
const redirects = { en: `${site}/en/auth/confirm`, nl: `${site}/auth/confirm` } as const;

describe('the company line in the Auth mails', () => {
  it('is the line the site mails carry, built from the default company details', () => {
    expect(companyLine('nl', company)).toBe(
      `${company.legalName} · ${company.address.street}, ${company.address.postcode} ${company.address.city} · KvK ${company.kvk} · ${company.phoneDisplay} · ${company.email}`,
    );
    expect(companyLine('en', company)).toContain(`Chamber of Commerce (KvK) ${company.kvk}`);
  });

  for (const type of ['recovery', 'email_change'] as const) {
    for (const locale of ['nl', 'en'] as const) {
      it(`closes the ${type} mail in ${locale === 'nl' ? 'Dutch' : 'English'}, in HTML and in text`, () => {
        const mail = renderEmail(type, { ...variables, RedirectTo: redirects[locale] });
        // Nothing in the line needs escaping, so HTML and text carry it as it is.
        expect(mail.html, 'update local-supabase/templates/*/body.html to the default company details').toContain(
          `<p>${companyLine(locale, company)}</p>`,
        );
        expect(mail.text).toContain(companyLine(locale, company));
        expect(mail.html.trimEnd().endsWith(`<p>${companyLine(locale, company)}</p>`)).toBe(true);
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
