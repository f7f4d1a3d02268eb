import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { readCompanyDetails } from '@/lib/company/read-company-details';

/** The firm's direct contact details beside the form. */
export async function ContactDetails() {
  const company = await readCompanyDetails();
  const t = await getTranslations('contact.details');
  // The footer's labels: one name for the KvK and VAT numbers wherever they appear.
  const label = await getTranslations('common.footer');
  const { address } = company;
  const details: [string, ReactNode][] = [
    [
      t('email'),
      <a key="email" href={`mailto:${company.email}`} className="underline-link">
        {company.email}
      </a>,
    ],
    [
      t('phone'),
      <a key="phone" href={`tel:${company.phone}`} className="underline-link">
        {company.phoneDisplay}
      </a>,
    ],
    [t('address'), [address.street, `${address.postcode} ${address.city}`]],
    [t('company'), [company.legalName, `${label('kvk')}: ${company.kvk}`, `${label('vat')}: ${company.vatId}`]],
  ];

  return (
    <aside aria-labelledby="contact-details-title" className="flex flex-col gap-8">
      <div>
        <h2 id="contact-details-title" className="text-2xl md:text-3xl">
          {t('title')}
        </h2>
        <p className="mt-4 text-muted">{t('text')}</p>
      </div>
      <dl className="grid gap-6">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-semibold tracking-wide text-muted uppercase">{term}</dt>
            <dd className="mt-1">
              {Array.isArray(value)
                ? value.map((line) => (
                    <span key={String(line)} className="block">
                      {line}
                    </span>
                  ))
                : value}
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
