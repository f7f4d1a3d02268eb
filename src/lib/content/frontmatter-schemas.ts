import { z } from 'zod';

import { SERVICE_KEYS } from '@/lib/services';

// YAML turns an unquoted 2026-11-03 into a Date and a quoted one into a string; both are
// accepted and normalised to "YYYY-MM-DD", so content dates never shift with a time zone.
const isoDay = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value))
  .refine((day) => !Number.isNaN(Date.parse(day)), 'not a real calendar date');

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const blogPostFrontmatter = z.strictObject({
  title: text(5, 120),
  /** Shown on cards, in the feed and as the meta description. */
  description: text(40, 220),
  date: isoDay,
  updated: isoDay.optional(),
  author: text(2, 80),
  /** The author's role, shown under the name. */
  authorRole: text(2, 80).optional(),
  tags: z.array(text(1, 40)).max(8).default([]),
});

/** Google's JobPosting employmentType values that this firm uses. */
export const employmentTypes = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN'] as const;

export const vacancyFrontmatter = z
  .strictObject({
    title: text(5, 120),
    description: text(40, 220),
    status: z.enum(['open', 'closed']),
    location: text(2, 80),
    /** Hours per week. */
    hours: z.strictObject({ min: z.int().min(4).max(40), max: z.int().min(4).max(40) }),
    employmentType: z.enum(employmentTypes),
    /**
     * Gross salary in euros per month, and the hours per week that range is for (the EU pay
     * transparency directive, in Dutch law from 2027). The editor requires the hours; entries saved
     * before it did are shown without them.
     */
    salary: z.strictObject({ min: z.int().positive(), max: z.int().positive(), hours: z.int().min(4).max(40).optional() }),
    /** The collective labour agreement (cao) that applies; absent when none does. */
    collectiveAgreement: text(2, 120).optional(),
    datePosted: isoDay,
    validThrough: isoDay.optional(),
    /** "What we offer", one point per entry. */
    offer: z.array(text(3, 200)).min(1).max(12),
  })
  .refine((v) => v.hours.min <= v.hours.max, { path: ['hours', 'max'], message: 'must be at least hours.min' })
  .refine((v) => v.salary.min <= v.salary.max, { path: ['salary', 'max'], message: 'must be at least salary.min' });

/** The sectors a case study's client can be in; the site words each one (cases.sectors). */
export const sectors = [
  'logistics',
  'healthcare',
  'housing',
  'government',
  'education',
  'energy',
  'industry',
  'retail',
  'finance',
  'nonprofit',
] as const;

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month as YYYY-MM');
/** An image of the library, named by its folder: the SHA-256 of the upload (content_images.content_hash). */
const imageHash = z.string().regex(/^[0-9a-f]{64}$/, 'expected an image of the library');
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a slug');
/** A refinement's problem as the editor words it (src/lib/content-editor/front-matter.ts reads `params.code`). */
const requiredHere = (path: string) => ({ path: [path], params: { code: 'required' }, message: 'required' });

/**
 * One language of a case study. The story itself (the challenge, the approach and the result) is
 * the body, under three headings the editor starts from: one text with the visual editor, search,
 * history and images like every other body (docs/decisions/0024-case-study-story-in-the-body.md).
 * What the page shows beside the story is here.
 */
export const caseStudyFrontmatter = z.strictObject({
  title: text(5, 120),
  description: text(40, 220),
  client: z
    .strictObject({
      /** An anonymous client is named by its sector alone: no name, no logo, no Organization markup. */
      anonymous: z.boolean().default(false),
      name: text(2, 80).optional(),
      sector: z.enum(sectors),
      /** Where the client is, shown beside the sector ("Zorg · Ommen"). */
      place: text(2, 80).optional(),
      logo: imageHash.optional(),
      /** The logo's alt text in this document's language. */
      logoAlt: text(2, 150).optional(),
    })
    .refine((c) => c.anonymous || c.name !== undefined, requiredHere('name'))
    .refine((c) => !c.anonymous || (c.name === undefined && c.logo === undefined), {
      path: ['anonymous'],
      message: 'an anonymous client has no name or logo',
    })
    .refine((c) => c.logo === undefined || c.logoAlt !== undefined, requiredHere('logoAlt')),
  /** What was delivered, from the site's services. */
  services: z
    .array(z.enum(SERVICE_KEYS))
    .min(1)
    .max(SERVICE_KEYS.length)
    .refine((keys) => new Set(keys).size === keys.length, 'each service once'),
  period: z.strictObject({ from: yearMonth, until: yearMonth.optional() }).refine((p) => p.until === undefined || p.from <= p.until, {
    path: ['until'],
    params: { code: 'beforeStart' },
    message: 'must not be before from',
  }),
  /** Up to three key figures, the first one also on the home page's card. */
  figures: z
    .array(z.strictObject({ value: text(1, 12), label: text(3, 80) }))
    .max(3)
    .default([]),
  /** A client's words about the work. Shown as a quotation, never marked up as a review. */
  quote: z.strictObject({ text: text(10, 400), name: text(2, 80), role: text(2, 80) }).optional(),
  /** Other case studies to read next, by slug; one that is not published is left out. */
  related: z.array(slug).max(3).default([]),
  /** Blog posts about what the case shows, by slug: the case links to them and they link back to it. */
  posts: z.array(slug).max(3).default([]),
});

/*
 * The site's own pages (collection `pages`, entries `home` and `about` only): what an editor may
 * reword. The layout, the order of the sections, the links, the services' names and every label
 * that is not an editorial text stay in code and messages (docs/decisions/0026-pages-as-documents.md).
 * The body is not used.
 */
const sectionHeading = { eyebrow: text(2, 60), title: text(5, 120) };
const paragraph = text(20, 600);
const buttonLabel = text(2, 60);

export const homePageFrontmatter = z.strictObject({
  /** The page's title and description for search engines and link previews. */
  title: text(5, 120),
  description: text(40, 220),
  hero: z.strictObject({
    eyebrow: text(2, 60),
    title: text(5, 120),
    intro: paragraph,
    cta: buttonLabel,
    secondary: buttonLabel,
    highlights: z.array(text(2, 60)).min(1).max(4),
  }),
  services: z.strictObject({
    ...sectionHeading,
    intro: paragraph,
    /** What each of the site's services is, in a few sentences; their names are the site's list. */
    texts: z.strictObject({ custom: paragraph, apps: paragraph, cloud: paragraph, ai: paragraph }),
  }),
  cases: z.strictObject({
    ...sectionHeading,
    intro: text(10, 300),
    /** The case studies shown, by slug, in this order; none (or none published) shows the newest three. */
    shown: z.array(slug).max(3).default([]),
  }),
  closing: z.strictObject({ title: text(5, 120), text: paragraph, cta: buttonLabel }),
});

export const aboutPageFrontmatter = z.strictObject({
  title: text(5, 120),
  description: text(40, 220),
  intro: z.strictObject({ title: text(5, 120), text: paragraph }),
  story: z.strictObject({ ...sectionHeading, paragraphs: z.array(paragraph).min(1).max(6) }),
  /** How the firm works: four commitments, each numbered on the page. */
  approach: z.strictObject({
    ...sectionHeading,
    items: z.array(z.strictObject({ title: text(2, 80), text: paragraph })).length(4),
  }),
  team: z.strictObject({
    ...sectionHeading,
    intro: paragraph,
    /** The people shown, in this order; a photo from the image library, or a portrait drawn from the name. */
    members: z
      .array(z.strictObject({ name: text(2, 80), role: text(2, 80), photo: imageHash.optional() }))
      .min(1)
      .max(12),
  }),
});

export type BlogPostFrontmatter = z.output<typeof blogPostFrontmatter>;
export type VacancyFrontmatter = z.output<typeof vacancyFrontmatter>;
export type CaseStudyFrontmatter = z.output<typeof caseStudyFrontmatter>;
export type HomePageFrontmatter = z.output<typeof homePageFrontmatter>;
export type AboutPageFrontmatter = z.output<typeof aboutPageFrontmatter>;
export type Sector = (typeof sectors)[number];
export type EmploymentType = (typeof employmentTypes)[number];
