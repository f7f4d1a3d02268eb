import { getTranslations } from 'next-intl/server';
import { company } from '@/lib/company';

/** The firm's direct contact details beside the form. */
export async function ContactDetails() {
  const t = await getTranslations('contact.details');
  const { address } = company;
  return (
    <aside aria-labelledby="contact-details-title" className="flex flex-col gap-8">
      <div>
        <h2 id="contact-details-title" className="text-2xl md:text-3xl">
          {t('title')}
        </h2>
        <p className="mt-4 text-muted">{t('text')}</p>
      </div>
      <dl className="grid gap-6">
        <div>
          <dt className="text-sm font-semibold tracking-wide text-muted uppercase">{t('email')}</dt>
          <dd className="mt-1">
            <a href={`mailto:${company.email}`} className="underline-link">
              {company.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold tracking-wide text-muted uppercase">{t('phone')}</dt>
          <dd className="mt-1">
            <a href={`tel:${company.phone}`} className="underline-link">
              {company.phoneDisplay}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold tracking-wide text-muted uppercase">{t('address')}</dt>
          <dd className="mt-1">
            {address.street}
            <br />
            {address.postcode} {address.city}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold tracking-wide text-muted uppercase">{t('company')}</dt>
          <dd className="mt-1">
            {company.legalName}
            <br />
            {t('kvk', { number: company.kvk })}
            <br />
            {t('vat', { number: company.vatId })}
          </dd>
        </div>
      </dl>
    </aside>
  );
}
