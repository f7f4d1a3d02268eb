import type { CompanyDetails } from './company-details-schema';

/**
 * The details the site shows while none can be read from the database (`next build` without a
 * backend, an outage before the first read), and the first published version the migration
 * 20261202150000_company_details.sql stores. PLACEHOLDERS until the firm's real details are
 * published in the account area (docs/features/mail-and-retention.md, "Company details").
 */
export const companyDefaults: CompanyDetails = {
  name: 'Bitwerf',
  legalName: 'Bitwerf B.V.',
  email: 'hallo@bitwerf.nl',
  securityEmail: 'security@bitwerf.nl',
  phone: '+31381234567',
  phoneDisplay: '038 123 45 67',
  address: {
    street: 'Melkmarkt 12',
    postcode: '8011 MC',
    city: 'Zwolle',
    country: 'NL',
  },
  kvk: '12345678',
  vatId: 'NL001234567B01',
};
