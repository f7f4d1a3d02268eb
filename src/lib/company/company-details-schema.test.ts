import { describe, expect, it } from 'vitest';

import { companyFormOf, parseCompanyForm } from './company-details-schema';
import { companyDefaults } from './defaults';

const typed = companyFormOf(companyDefaults);

describe('the company form', () => {
  it('reads today’s details back as they are', () => {
    expect(parseCompanyForm(typed)).toEqual({ ok: true, details: companyDefaults });
  });

  it('normalises what people type: postcode, KvK and VAT spacing, the address’s case, the phone as E.164', () => {
    const parsed = parseCompanyForm({
      ...typed,
      postcode: '8011mc',
      kvk: '1234 5678',
      vatId: 'nl 0012.34567.b01',
      email: ' Hallo@Bitwerf.NL ',
      phone: '038-1234567',
    });
    expect(parsed).toEqual({
      ok: true,
      details: {
        ...companyDefaults,
        email: 'hallo@bitwerf.nl',
        phone: '+31381234567',
        phoneDisplay: '038-1234567',
        address: { ...companyDefaults.address, postcode: '8011 MC' },
      },
    });
  });

  it('shows an international number in the international format', () => {
    const parsed = parseCompanyForm({ ...typed, phone: '0031 38 123 4567' });
    expect(parsed.ok && parsed.details.phoneDisplay).toBe('+31 38 123 4567');
  });

  it.each([
    ['name', '', 'required'],
    ['legalName', 'x'.repeat(121), 'tooLong'],
    ['email', 'hallo@bitwerf', 'email'],
    ['securityEmail', 'security', 'email'],
    ['phone', '038 123', 'phone'],
    ['postcode', '0811 MC', 'postcode'],
    ['kvk', '1234567', 'kvk'],
    ['vatId', 'BE0123456789', 'vatId'],
  ] as const)('refuses %s = %j as %s, and says so at that field', (field, value, code) => {
    expect(parseCompanyForm({ ...typed, [field]: value })).toEqual({ ok: false, problems: { [field]: code } });
  });
});
