import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import {
  SignJWT,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTHeaderParameters,
  type JWTPayload,
  type FlattenedJWSInput,
} from 'jose';

import { JWT_SECRET } from '../keys';

const KEY_FILE = 'jwt-signing-key.json';

export interface SigningKeys {
  /** The public half as GoTrue publishes it in `/.well-known/jwks.json`. */
  publicJwk: JWK;
  sign(claims: JWTPayload): Promise<string>;
  /** Verifies a user token (ES256 by kid) or a key/legacy token (HS256 with the shared secret). */
  verify(token: string): Promise<JWTPayload>;
}

export class TokenExpiredError extends Error {}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
}

async function loadOrCreate(dataDir: string | undefined): Promise<StoredKey> {
  const file = dataDir === undefined ? undefined : path.join(dataDir, KEY_FILE);
  if (file !== undefined) {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as StoredKey;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const stored: StoredKey = { kid: crypto.randomUUID(), privateJwk: await exportJWK(privateKey) };
  if (file !== undefined) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored;
}

/** Loads the ES256 key pair from the data folder, generating it on first start. */
export async function loadSigningKeys(dataDir: string | undefined): Promise<SigningKeys> {
  const stored = await loadOrCreate(dataDir);
  const privateKey = (await importJWK(stored.privateJwk, 'ES256')) as CryptoKey;
  const { d: _privateScalar, ...publicPart } = stored.privateJwk;
  const publicJwk: JWK = { ...publicPart, kid: stored.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const publicKey = (await importJWK({ ...publicPart, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const secret = new TextEncoder().encode(JWT_SECRET);

  // GoTrue accepts only its configured keys: ES256 by kid, and the shared secret for kid-less HS256.
  const resolveKey = (header: JWTHeaderParameters, _token: FlattenedJWSInput): CryptoKey | Uint8Array => {
    if (header.alg === 'ES256' && header.kid === stored.kid) return publicKey;
    if (header.alg === 'HS256') return secret;
    throw new joseErrors.JOSEAlgNotAllowed('unexpected signing method');
  };

  return {
    publicJwk,
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: stored.kid, typ: 'JWT' }).sign(privateKey),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, resolveKey, { algorithms: ['ES256', 'HS256'] });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new TokenExpiredError('token is expired');
        throw error;
      }
    },
  };
}
