import 'server-only';

import { createHmac } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

import { EncryptJWT, jwtDecrypt } from 'jose';
import * as z from 'zod/mini';

import { routing } from '@/i18n/routing';
import { getServerEnv } from '@/lib/env/server';

import { textFields } from './application-fields';

/*
 * The draft of a form sent without JavaScript when the database cannot keep it (the outage that
 * refused the application usually refuses the draft too): the typed text goes into the draft
 * cookie itself, compressed and encrypted (JWE, dir + A256GCM, with a key derived from the server's
 * RATE_LIMIT_SECRET for this purpose only), so only this server can read it back, and only for as
 * long as a stored draft lives. The cookie stays HttpOnly and scoped to the retry page.
 */

/** Sealed drafts start with this, so the retry page tells them from a stored draft's id. */
export const SEALED_PREFIX = 's.';
/**
 * Browsers keep cookies of 4,096 bytes (name, value and attributes); a draft that does not fit
 * below this is not sealed, and the retry page then asks for the text again.
 */
export const MAX_SEALED_LENGTH = 3_800;

const AUDIENCE = 'application-draft';

const sealingKey = (): Uint8Array => createHmac('sha256', getServerEnv().rateLimitSecret).update('application-draft-cookie/v1').digest();

const sealedContent = z.object({
  locale: z.enum(routing.locales),
  vacancySlug: z.nullable(z.string()),
  values: z.partialRecord(z.enum(textFields), z.string()),
  errors: z.record(z.string(), z.string()),
  failure: z.nullable(z.string()),
});
export type SealedContent = z.infer<typeof sealedContent>;

/** The cookie value holding `content` for `maxAgeSeconds`, or null when it would be too large. */
export async function sealDraft(content: SealedContent, maxAgeSeconds: number): Promise<string | null> {
  const packed = deflateRawSync(Buffer.from(JSON.stringify(content))).toString('base64url');
  const token = await new EncryptJWT({ d: packed })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${maxAgeSeconds}s`)
    .encrypt(sealingKey());
  const value = `${SEALED_PREFIX}${token}`;
  return value.length <= MAX_SEALED_LENGTH ? value : null;
}

/** What a sealed cookie value holds, or null when it is not one this server made, or has expired. */
export async function openDraft(value: string): Promise<SealedContent | null> {
  if (!value.startsWith(SEALED_PREFIX) || value.length > MAX_SEALED_LENGTH) return null;
  try {
    const { payload } = await jwtDecrypt(value.slice(SEALED_PREFIX.length), sealingKey(), {
      audience: AUDIENCE,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      requiredClaims: ['exp'],
    });
    if (typeof payload.d !== 'string') return null;
    const json: unknown = JSON.parse(inflateRawSync(Buffer.from(payload.d, 'base64url'), { maxOutputLength: 65_536 }).toString());
    const parsed = sealedContent.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
