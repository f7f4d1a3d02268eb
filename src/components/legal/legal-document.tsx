import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { CompanyDetails } from '@/lib/company/company-details-schema';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import type { LegalKey } from '@/lib/legal-pages';

type Section = { title: string; paragraphs: string[] };

const linkClass = 'font-semibold underline underline-offset-4';

// The markup the legal texts may use; the strings themselves hold no HTML.
const tagsFor = (company: CompanyDetails) => ({
  strong: (chunks: ReactNode) => <strong className="font-semibold text-fg">{chunks}</strong>,
  mail: (chunks: ReactNode) => (
    <a href={`mailto:${company.email}`} className={linkClass}>
      {chunks}
    </a>
  ),
  security: (chunks: ReactNode) => (
    <a href={`mailto:${company.securityEmail}`} className={linkClass}>
      {chunks}
    </a>
  ),
  ap: (chunks: ReactNode) => (
    <a href="https://autoriteitpersoonsgegevens.nl" className={linkClass}>
      {chunks}
    </a>
  ),
  privacy: (chunks: ReactNode) => (
    <LocalizedLink href="/privacy" className={linkClass}>
      {chunks}
    </LocalizedLink>
  ),
  cookies: (chunks: ReactNode) => (
    <LocalizedLink href="/cookies" className={linkClass}>
      {chunks}
    </LocalizedLink>
  ),
});

// The published company details, so the statements name the same firm as the footer.
const valuesFor = (company: CompanyDetails) => ({
  email: company.email,
  securityEmail: company.securityEmail,
  phone: company.phoneDisplay,
  kvk: company.kvk,
  legalName: company.legalName,
  address: `${company.address.street}, ${company.address.postcode} ${company.address.city}`,
});

type LegalDocumentProps = {
  doc: LegalKey;
  /** Shown between the introduction and the sections, e.g. the cookie table. */
  children?: ReactNode;
};

/** A legal page from legal.json: title, date, introduction, a table of contents and numbered sections. */
export async function LegalDocument({ doc, children }: LegalDocumentProps) {
  const t = await getTranslations('legal');
  const company = await readCompanyDetails();
  const [tags, values] = [tagsFor(company), valuesFor(company)];
  const sections: Record<string, Section> = (await getMessages()).legal[doc].sections;
  // The keys are built from the same JSON that types them; next-intl's key type just cannot
  // follow array indices, so the paragraph key is asserted rather than inferred.
  const rich = (key: string) => t.rich(key as Parameters<typeof t.rich>[0], { ...tags, ...values });

  return (
    <Container as="article" aria-labelledby="legal-title" className="py-16 md:py-24">
      <header className="max-w-3xl">
        <h1 id="legal-title" className="text-3xl sm:text-4xl md:text-5xl">
          {t(`${doc}.title`)}
        </h1>
        <p className="mt-4 text-base text-muted">{t(`${doc}.updated`)}</p>
        <p className="mt-6 text-muted">{t(`${doc}.intro`)}</p>
      </header>
      <div className="mt-12 grid gap-12 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-labelledby="legal-toc" className="lg:sticky lg:top-28 lg:self-start">
          <h2 id="legal-toc" className="text-sm font-semibold tracking-widest text-muted uppercase">
            {t('onThisPage')}
          </h2>
          <ol className="mt-4 flex flex-col gap-2 border-l-2 border-line pl-4 text-base">
            {Object.entries(sections).map(([key, section]) => (
              <li key={key}>
                <a href={`#${key}`} className="underline-link">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl min-w-0">
          {children}
          {Object.entries(sections).map(([key, section]) => (
            <section
              key={key}
              id={key}
              aria-labelledby={`${key}-title`}
              className="scroll-mt-header border-t border-line py-8 first:border-t-0 first:pt-0"
            >
              <h2 id={`${key}-title`} className="text-2xl md:text-3xl">
                {section.title}
              </h2>
              {section.paragraphs.map((_, i) => (
                <p key={i} className="mt-4 text-muted">
                  {rich(`${doc}.sections.${key}.paragraphs.${i}`)}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </Container>
  );
}
