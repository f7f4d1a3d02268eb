import type { Locale } from '@/i18n/routing';
import { company } from '@/lib/company';
import { siteUrl } from '@/lib/env/public';

import type { BlogPostFrontmatter, VacancyFrontmatter } from './frontmatter-schemas';

type JsonLd = Record<string, unknown>;

const organization = {
  '@type': 'Organization',
  name: company.legalName,
  url: siteUrl,
  logo: `${siteUrl}/icon.svg`,
} as const;

/** schema.org BlogPosting for a post page. */
export function blogPostingJsonLd(post: { locale: Locale; data: BlogPostFrontmatter }, url: string, wordCount: number): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.data.title,
    description: post.data.description,
    datePublished: post.data.date,
    dateModified: post.data.updated ?? post.data.date,
    inLanguage: post.locale,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': 'Person', name: post.data.author, ...(post.data.authorRole && { jobTitle: post.data.authorRole }) },
    publisher: organization,
    wordCount,
    ...(post.data.tags.length > 0 && { keywords: post.data.tags.join(', ') }),
  };
}

/**
 * schema.org JobPosting for an open vacancy. Google asks that a filled job's page drops its
 * JobPosting markup rather than keep it, so pages call this only while the vacancy is open.
 * `descriptionHtml` is the full text: Google wants the whole description, in HTML.
 */
export function jobPostingJsonLd(vacancy: { slug: string; data: VacancyFrontmatter }, descriptionHtml: string): JsonLd {
  const { data } = vacancy;
  const { address } = company;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: data.title,
    description: descriptionHtml,
    identifier: { '@type': 'PropertyValue', name: company.legalName, value: vacancy.slug },
    datePosted: data.datePosted,
    ...(data.validThrough && { validThrough: data.validThrough }),
    employmentType: data.employmentType,
    hiringOrganization: { ...organization, sameAs: siteUrl },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: address.street,
        postalCode: address.postcode,
        addressLocality: address.city,
        addressCountry: address.country,
      },
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', minValue: data.salary.min, maxValue: data.salary.max, unitText: 'MONTH' },
    },
    workHours: `${data.hours.min}-${data.hours.max} hours per week`,
    jobBenefits: data.offer.join('; '),
    // The page has its own application form, so Google may offer "apply on the employer's site".
    directApply: true,
  };
}
