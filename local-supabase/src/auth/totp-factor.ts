import { generateSecret } from 'otplib';
import QRCode from 'qrcode';

import type { AuthContext } from './context';
import { insertUnverifiedFactor } from './factor-enrollment';
import type { Caller } from './guards';

/**
 * The key URI exactly as pquerna/otp (GoTrue's TOTP library) writes it: sorted query keys with
 * algorithm, digits and period spelled out. otplib's generateURI omits those, and authenticator
 * apps and tests that compare the URI would see a difference.
 */
function keyUri(issuer: string, account: string, secret: string): string {
  const query = [
    ['algorithm', 'SHA1'],
    ['digits', '6'],
    ['issuer', issuer],
    ['period', '30'],
    ['secret', secret],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${query}`;
}

export interface EnrollTotpBody {
  friendly_name?: string | undefined;
  issuer?: string | undefined;
}

/** GoTrue's `enrollTOTPFactor`: issuer defaults to the site URL's host, a 20-byte secret, a raw SVG QR code. */
export async function enrollTotpFactor(ctx: AuthContext, caller: Caller, body: EnrollTotpBody): Promise<Record<string, unknown>> {
  const friendlyName = body.friendly_name ?? '';
  // GoTrue takes the site URL's host for a missing or empty issuer.
  const issuer = body.issuer === undefined || body.issuer === '' ? new URL(ctx.config.siteUrl).host : body.issuer;
  const secret = generateSecret({ length: 20 });
  const uri = keyUri(issuer, caller.user.email ?? '', secret);
  const qrCode = await QRCode.toString(uri, { type: 'svg' });
  const id = await insertUnverifiedFactor(ctx.db, caller, friendlyName, { type: 'totp', secret });
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } };
}
