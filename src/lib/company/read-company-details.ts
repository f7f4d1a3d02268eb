import 'server-only';
import { cache } from 'react';

import { createAnonymousClient } from '@/lib/supabase/anonymous';

import { companyDetailsSchema, type CompanyDetails } from './company-details-schema';
import { companyDefaults } from './defaults';

/** The last published details read, to show while the backend cannot be reached. */
let lastRead: CompanyDetails | null = null;
let saidUnavailable = false;

/**
 * The published company details, read once per render (however many parts of the page show them)
 * with the anon key: pages are cached for seconds (src/lib/page-cache/lifetimes.mjs), so a
 * publication shows everywhere within the content's promise.
 *
 * While the backend cannot be reached, or returns details that fail the schema, the last details
 * read, or the defaults when none were (`next build` without a backend).
 */
export const readCompanyDetails = cache(async (): Promise<CompanyDetails> => {
  try {
    const { data, error } = await createAnonymousClient().rpc('company_details');
    if (error !== null) throw new Error(error.message);
    const parsed = companyDetailsSchema.safeParse(data);
    if (!parsed.success) throw new Error(`the published company details fail the schema: ${parsed.error.message}`);
    lastRead = parsed.data;
    if (saidUnavailable) console.warn('Company details are read from the backend again.');
    saidUnavailable = false;
    return parsed.data;
  } catch (error) {
    if (!saidUnavailable) {
      saidUnavailable = true;
      console.warn(
        `company_details() failed (${error instanceof Error ? error.message : String(error)}); showing ${lastRead ? 'the details last read' : 'the defaults'}.`,
      );
    }
    return lastRead ?? companyDefaults;
  }
});
