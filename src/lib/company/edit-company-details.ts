import 'server-only';

import { revalidatePath } from 'next/cache';

import type { createClient } from '@/lib/supabase/server';

import { companyDetailsSchema, parseCompanyForm, type CompanyDetails } from './company-details-schema';
import { COMPANY_FIELDS, type CompanyField, type CompanyForm, type CompanyProblem } from './company-fields';

// What the admin's company page does: the history of versions, saving one, publishing one. The
// functions check in Postgres that the session is an admin's at aal2.

type Session = Awaited<ReturnType<typeof createClient>>;

export type CompanyVersion = {
  id: number;
  details: CompanyDetails;
  createdAt: string;
  /** The e-mail address of the admin who saved it; null for the first version, or an account that is gone. */
  createdBy: string | null;
  /** When it was last published, and by whom; null when never. */
  publishedAt: string | null;
  publishedBy: string | null;
  live: boolean;
};

/** The versions, newest first; null when they cannot be read. */
export async function companyHistory(supabase: Session): Promise<CompanyVersion[] | null> {
  const { data, error } = await supabase.rpc('company_details_history');
  if (error !== null) return null;
  return data.flatMap((row): CompanyVersion[] => {
    const details = companyDetailsSchema.safeParse(row.details);
    if (!details.success) return [];
    return [
      {
        id: row.id,
        details: details.data,
        createdAt: row.created_at,
        createdBy: row.created_by_email,
        publishedAt: row.published_at,
        publishedBy: row.published_by_email,
        live: row.live,
      },
    ];
  });
}

/** The form's fields from posted data; a field that is not text reads as empty, so it is refused as missing. */
export function companyFormFrom(form: FormData): CompanyForm {
  const value = (field: CompanyField) => {
    const posted = form.get(field);
    return typeof posted === 'string' ? posted : '';
  };
  return {
    name: value('name'),
    legalName: value('legalName'),
    email: value('email'),
    securityEmail: value('securityEmail'),
    phone: value('phone'),
    street: value('street'),
    postcode: value('postcode'),
    city: value('city'),
    kvk: value('kvk'),
    vatId: value('vatId'),
  };
}

/** What the form shows after a refused save: the first problem, at its field, and what was typed. */
export type CompanyFormAnswer = { problem?: { field?: CompanyField; code: CompanyProblem | 'failed' }; form?: CompanyForm };

export type SaveCompanyAnswer = { ok: true; versionId: number } | ({ ok: false } & Required<CompanyFormAnswer>);

/** Saves what the admin typed as a new version, not yet published. */
export async function saveCompanyVersion(supabase: Session, form: CompanyForm): Promise<SaveCompanyAnswer> {
  const parsed = parseCompanyForm(form);
  if (!parsed.ok) {
    const field = COMPANY_FIELDS.find((name) => parsed.problems[name] !== undefined);
    const code = field === undefined ? undefined : parsed.problems[field];
    return { ok: false, problem: field && code ? { field, code } : { code: 'failed' }, form };
  }
  const { data, error } = await supabase.rpc('company_details_save', { wanted: parsed.details });
  if (error !== null) return { ok: false, problem: { code: 'failed' }, form };
  return { ok: true, versionId: data };
}

/**
 * Publishes a version (a new one, or an earlier one again). Every page and mail shows it within
 * the pages' lifetime; this instance renders every page again at its next request, so the admin
 * sees it at once.
 */
export async function publishCompanyVersion(supabase: Session, versionId: number): Promise<boolean> {
  const { error } = await supabase.rpc('company_details_publish', { wanted_version: versionId });
  if (error !== null) return false;
  revalidatePath('/', 'layout');
  return true;
}
