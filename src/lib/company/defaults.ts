// Every company fact the site shows comes from here. These are PLACEHOLDERS until the
// firm's real details are filled in (see docs/features/mail-and-retention.md, "Company details").
export type CompanyDetails = {
  name: string;
  legalName: string;
  email: string;
  /** Where vulnerability reports go: security.txt and the disclosure policy at /security. */
  securityEmail: string;
  /** E.164, used for tel: links. */
  phone: string;
  /** As a Dutch reader expects to see it. */
  phoneDisplay: string;
  address: {
    street: string;
    postcode: string;
    city: string;
    country: string;
  };
  kvk: string;
  vatId: string;
};

export const company: CompanyDetails = {
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
