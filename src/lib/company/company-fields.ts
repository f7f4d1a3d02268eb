/*
 * The admin's company form: its fields and the problems a field can have. Apart from the schema,
 * which needs libphonenumber's metadata, so the form in the browser loads none of it.
 */

/** The fields of the admin's form, in the order they are shown. */
export const COMPANY_FIELDS = [
  'name',
  'legalName',
  'email',
  'securityEmail',
  'phone',
  'street',
  'postcode',
  'city',
  'kvk',
  'vatId',
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];
export type CompanyForm = Record<CompanyField, string>;

/** Why a field was refused, worded by the page in the admin's language (staff.company.errors.<code>). */
export type CompanyProblem = 'required' | 'tooLong' | 'email' | 'phone' | 'postcode' | 'kvk' | 'vatId';
