import { readCompanyDetails } from '@/lib/company/read-company-details';
import { siteUrl } from '@/lib/env/public';
import { securityTxt } from '@/lib/security/security-txt';

// As long as a public page (src/lib/page-cache/lifetimes.mjs): it names the firm's security
// address and its disclosure policy (/security), and its Expires keeps pointing about half a year ahead.
export const revalidate = 1;

export async function GET() {
  const company = await readCompanyDetails();
  return new Response(securityTxt({ email: company.securityEmail, policy: `${siteUrl}/security`, siteUrl, now: new Date() }), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
