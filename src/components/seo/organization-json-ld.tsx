import { readCompanyDetails } from '@/lib/company/read-company-details';
import { siteUrl } from '@/lib/env/public';

import { JsonLdScript } from './json-ld-script';

/** schema.org Organization for the firm, so search engines can show its details (address, KvK, VAT). */
export async function OrganizationJsonLd() {
  const company = await readCompanyDetails();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: company.name,
    legalName: company.legalName,
    url: siteUrl,
    logo: `${siteUrl}/apple-icon.png`,
    email: company.email,
    telephone: company.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      postalCode: company.address.postcode,
      addressLocality: company.address.city,
      addressCountry: company.address.country,
    },
    identifier: { '@type': 'PropertyValue', propertyID: 'KvK', value: company.kvk },
    vatID: company.vatId,
  };
  return <JsonLdScript data={data} />;
}
