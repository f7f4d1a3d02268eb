import type { Locale } from '@/i18n/routing';
import type { CompanyDetails } from '@/lib/company/company-details-schema';
import { siteUrl } from '@/lib/env/public';

import type { BlogPostFrontmatter, CaseStudyFrontmatter, VacancyFrontmatter } from './frontmatter-schemas';

type JsonLd = Record<string, unknown>;

/** The firm as publisher, author or employer: its published legal name. */
const organizationOf = (company: CompanyDetails) =>
  ({
    '@type': 'Organization',
    name: company.legalName,
    url: siteUrl,
    logo: `${siteUrl}/icon.svg`,
  }) as const;

/** schema.org BlogPosting for a post page. */
export function blogPostingJsonLd(
  company: CompanyDetails,
  post: { locale: Locale; data: BlogPostFrontmatter },
  url: string,
  wordCount: number,
): JsonLd {
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
    publisher: organizationOf(company),
    wordCount,
    ...(post.data.tags.length > 0 && { keywords: post.data.tags.join(', ') }),
  };
}

/**
 * schema.org JobPosting for an open vacancy. Google asks that a filled job's page drops its
 * JobPosting markup rather than keep it, so pages call this only while the vacancy is open.
 * `descriptionHtml` is the full text: Google wants the whole description, in HTML.
 */
export function jobPostingJsonLd(
  company: CompanyDetails,
  vacancy: { slug: string; data: VacancyFrontmatter },
  descriptionHtml: string,
): JsonLd {
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
    hiringOrganization: { ...organizationOf(company), sameAs: siteUrl },
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

/**
 * schema.org Article for a case study: what the firm did, published by the firm, `about` the client
 * as an Organization (left out for an anonymous client, who is not to be named). The client's quote
 * is not marked up: a firm's own page quoting its client is a self-serving review to search
 * engines, which ignore such markup and may penalise it.
 */
export function caseStudyJsonLd(
  company: CompanyDetails,
  study: { locale: Locale; data: CaseStudyFrontmatter },
  url: string,
  { logoUrl, datePublished }: { logoUrl?: string; datePublished?: string } = {},
): JsonLd {
  const { data } = study;
  const { client } = data;
  const firm = organizationOf(company);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: data.title,
    description: data.description,
    inLanguage: study.locale,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: firm,
    publisher: firm,
    ...(datePublished && { datePublished }),
    ...(!client.anonymous &&
      client.name && {
        about: {
          '@type': 'Organization',
          name: client.name,
          ...(logoUrl && { logo: logoUrl }),
          ...(client.place && { location: { '@type': 'Place', name: client.place } }),
        },
      }),
  };
}

/** schema.org BreadcrumbList: the trail to a page, each step with its name and absolute URL. */
export function breadcrumbJsonLd(steps: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: step.url })),
  };
}
