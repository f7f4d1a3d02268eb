import { ERRORS } from './errors';
import { TokenExpiredError, type SigningKeys } from '../auth/signing-keys';

const SCOPE_DOWNLOAD = 'download';

/**
 * A download token as Storage's `signObjectUrl` mints it: `{ url: "<bucket>/<object>", scope:
 * "download", iat, exp }`, signed with the backend's ES256 key (Storage signs with its URL
 * signing key and verifies against the project's JWT secret and keys, as `verify` does here).
 */
export async function signDownloadToken(keys: SigningKeys, url: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return keys.sign({ url, scope: SCOPE_DOWNLOAD, iat: now, exp: now + Math.floor(expiresIn) });
}

/**
 * Storage's `verifyObjectSignature`: a valid signature, a download scope (or a legacy token
 * with neither scope nor `upsert`), and the exact object path. A user's access token is
 * signed with the same key but names no `url`, so it never passes as a download token.
 */
export async function verifyDownloadToken(
  keys: SigningKeys,
  token: string,
  bucketId: string,
  objectName: string,
): Promise<{ url: string; exp: number }> {
  let payload: Record<string, unknown>;
  try {
    payload = (await keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    throw ERRORS.InvalidJWT(error instanceof TokenExpiredError ? '"exp" claim timestamp check failed' : (error as Error).message);
  }
  const scoped = payload.scope === SCOPE_DOWNLOAD || (payload.scope === undefined && !('upsert' in payload));
  if (!scoped) throw ERRORS.InvalidSignature(`Token is not scoped for ${SCOPE_DOWNLOAD}`);
  if (payload.url !== `${bucketId}/${objectName}`) throw ERRORS.InvalidSignature();
  if (typeof payload.exp !== 'number') throw ERRORS.ExpiredSignature();
  if (payload.exp * 1000 < Date.now()) throw ERRORS.ExpiredSignature();
  return { url: payload.url, exp: payload.exp };
}
