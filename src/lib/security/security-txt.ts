/** How far ahead the Expires field points. RFC 9116 §2.5.5 asks for less than a year. */
export const SECURITY_TXT_LIFETIME_DAYS = 180;

type SecurityTxtOptions = {
  /** Where reports go. */
  email: string;
  /** The disclosure policy's page (RFC 9116 §2.5.7), in the site's first language. */
  policy: string;
  /** The public origin; the file names its own canonical URL. */
  siteUrl: string;
  /** When the file is generated; Expires is counted from here. */
  now: Date;
};

/**
 * /.well-known/security.txt (RFC 9116): how to report a vulnerability. The route regenerates it
 * daily, so Expires always lies about half a year ahead instead of going stale after a deploy.
 */
export function securityTxt({ email, policy, siteUrl, now }: SecurityTxtOptions): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  // Whole seconds: RFC 3339 as the RFC's own examples write it.
  expires.setUTCMilliseconds(0);
  return [
    '# Een beveiligingsprobleem gevonden? Mail ons; we reageren binnen vijf werkdagen.',
    '# Found a security issue? Email us; we reply within five working days.',
    `Contact: mailto:${email}`,
    `Policy: ${policy}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: nl, en',
    `Canonical: ${siteUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}
