import { company } from '@/lib/company';
import { siteUrl } from '@/lib/env/public';
import { securityTxt } from '@/lib/security/security-txt';

// Static, regenerated daily so Expires keeps pointing about half a year ahead.
export const revalidate = 86400;

export function GET() {
  return new Response(securityTxt({ email: company.email, siteUrl, now: new Date() }), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
