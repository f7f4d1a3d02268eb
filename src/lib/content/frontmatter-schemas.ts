import { z } from 'zod';

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

export type BlogPostFrontmatter = z.output<typeof blogPostFrontmatter>;
export type VacancyFrontmatter = z.output<typeof vacancyFrontmatter>;
export type EmploymentType = (typeof employmentTypes)[number];
