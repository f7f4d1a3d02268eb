import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

import type { CompanyField, CompanyForm, CompanyProblem } from './company-fields';

/*
 * The firm's company details: what every page, mail and legal text names. The database keeps the
 * same rules (private.company_details_problem() in 20261202150000_company_details.sql), because a
 * wrong KvK number or address shown everywhere is a legal mistake, whoever writes it.
 */

const line = (max: number) => z.string().trim().min(2).max(max);
const address = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^@\s]{1,64}@[^@\s]+\.[a-z]{2,}$/u);

/** The details as stored and shown. */
export const companyDetailsSchema = z.strictObject({
  name: line(80),
  legalName: line(120),
  email: address,
  /** Where vulnerability reports go: security.txt and the disclosure policy at /security. */
  securityEmail: address,
  /** E.164, for tel: links and the markup. */
  phone: z.string().regex(/^\+[1-9][0-9]{7,14}$/u),
  /** As a Dutch reader expects to see it, as the admin typed it. */
  phoneDisplay: z.string().regex(/^[+(0-9][0-9 ()-]{7,22}[0-9]$/u),
  address: z.strictObject({
    street: line(120),
    postcode: z.string().regex(/^[1-9][0-9]{3} [A-Z]{2}$/u),
    city: line(80),
    /** The firm is registered in the Netherlands: the KvK and VAT rules below are Dutch. */
    country: z.literal('NL'),
  }),
  kvk: z.string().regex(/^[0-9]{8}$/u),
  vatId: z.string().regex(/^NL[0-9]{9}B[0-9]{2}$/u),
});

export type CompanyDetails = z.output<typeof companyDetailsSchema>;

const LIMITS: Partial<Record<CompanyField, number>> = { name: 80, legalName: 120, street: 120, city: 80 };

const squeeze = (value: string) => value.trim().replace(/\s+/gu, ' ');

/** The stored details from what the admin typed: normalised (postcode, VAT, phone), or a problem per field. */
export function parseCompanyForm(
  form: CompanyForm,
): { ok: true; details: CompanyDetails } | { ok: false; problems: Partial<Record<CompanyField, CompanyProblem>> } {
  const problems: Partial<Record<CompanyField, CompanyProblem>> = {};
  const value = (field: CompanyField): string => {
    const typed = squeeze(form[field]);
    if (typed.length < 2) problems[field] = 'required';
    else if (typed.length > (LIMITS[field] ?? 254)) problems[field] = 'tooLong';
    return typed;
  };
  const name = value('name');
  const legalName = value('legalName');
  const street = value('street');
  const city = value('city');
  const [email, securityEmail] = (['email', 'securityEmail'] as const).map((field) => {
    const typed = value(field).toLowerCase();
    if (!problems[field] && !address.safeParse(typed).success) problems[field] = 'email';
    return typed;
  });
  const phoneTyped = value('phone');
  const phone = parsePhoneNumberFromString(phoneTyped, 'NL');
  if (!problems.phone && !(phone?.isValid() ?? false)) problems.phone = 'phone';
  const postcodeMatch = /^([1-9][0-9]{3}) ?([a-z]{2})$/iu.exec(value('postcode'));
  if (!problems.postcode && !postcodeMatch) problems.postcode = 'postcode';
  const kvk = value('kvk').replace(/[\s.]/gu, '');
  if (!problems.kvk && !/^[0-9]{8}$/u.test(kvk)) problems.kvk = 'kvk';
  const vatId = value('vatId').replace(/[\s.]/gu, '').toUpperCase();
  if (!problems.vatId && !/^NL[0-9]{9}B[0-9]{2}$/u.test(vatId)) problems.vatId = 'vatId';
  if (Object.keys(problems).length > 0 || !phone || !postcodeMatch) return { ok: false, problems };

  const parsed = companyDetailsSchema.safeParse({
    name,
    legalName,
    email,
    securityEmail,
    phone: phone.number,
    // Shown as typed (a Dutch reader groups 038 123 45 67 so), unless it starts with the country code.
    phoneDisplay: phoneTyped.startsWith('+') || phoneTyped.startsWith('00') ? phone.formatInternational() : phoneTyped,
    address: { street, postcode: `${postcodeMatch[1]} ${postcodeMatch[2]?.toUpperCase()}`, city, country: 'NL' },
    kvk,
    vatId,
  });
  return parsed.success ? { ok: true, details: parsed.data } : { ok: false, problems: { phone: 'phone' } };
}

/** The form's values for stored details. */
export function companyFormOf(details: CompanyDetails): CompanyForm {
  return {
    name: details.name,
    legalName: details.legalName,
    email: details.email,
    securityEmail: details.securityEmail,
    phone: details.phoneDisplay,
    street: details.address.street,
    postcode: details.address.postcode,
    city: details.address.city,
    kvk: details.kvk,
    vatId: details.vatId,
  };
}
