import type { ProviderUserData } from './keycloak';
import type { Queryable } from '../../db/database';
import { AuthApiError } from '../../http/errors';
import { findUserById, isBanned, type UserRow } from '../users';

interface IdentityMatch {
  id: string;
  user_id: string;
  provider: string;
}

/** GoTrue's `GetAccountLinkingDomain` without linking-domain settings: SSO providers apart, all others together. */
const linkingDomain = (provider: string): string => (provider.startsWith('sso:') ? provider : 'default');

const signupDisabled = (): AuthApiError => new AuthApiError(422, 'signup_disabled', 'Signups not allowed for this instance');

/** `User.UpdateUserMetaData`: the keys merged in (the provider's claims have no nulls to delete). */
async function mergeUserMetadata(q: Queryable, userId: string, data: Record<string, unknown>): Promise<void> {
  await q.query(
    `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
    [userId, JSON.stringify(data)],
  );
}

/** `User.UpdateAppMetaDataProviders`: `providers` in the order the identities were made, `provider` the first. */
async function updateProviders(q: Queryable, userId: string): Promise<void> {
  const found = await q.query<{ provider: string }>(
    'select provider from auth.identities where user_id = $1 order by created_at asc, provider',
    [userId],
  );
  const providers = [...new Set(found.rows.map((row) => row.provider))];
  const payload: Record<string, unknown> = { providers, ...(providers.length > 0 ? { provider: providers[0] } : {}) };
  await q.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
    [userId, JSON.stringify(payload)],
  );
}

/**
 * `User.RemoveUnconfirmedIdentities`, then `User.Confirm`: an unconfirmed account that a provider
 * vouches for keeps only that identity, loses its password (whoever set it never proved the
 * address) and is confirmed. Confirm's clearing of one-time tokens is the token columns here.
 */
async function confirmThroughProvider(q: Queryable, userId: string, identityId: string, data: Record<string, unknown>): Promise<void> {
  await q.query(`update auth.users set encrypted_password = null, raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
    userId,
    JSON.stringify(data),
  ]);
  await q.query('delete from auth.identities where user_id = $1 and id <> $2', [userId, identityId]);
  await updateProviders(q, userId);
  await q.query(
    `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
       email_change_token_current = '', email_confirmed_at = now(), updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [userId],
  );
}

/**
 * GoTrue's `createAccountFromExternalIdentity` with `DetermineAccountLinking`, sign-ups off: the
 * account the provider's identity belongs to, found by the identity itself or by a verified
 * address (an unverified one is never linked, so with sign-ups off it is refused), with the
 * identity created or refreshed and the account's metadata updated. Runs in the caller's
 * transaction; throws GoTrue's errors.
 */
export async function accountForExternalIdentity(q: Queryable, provider: string, data: ProviderUserData): Promise<UserRow> {
  const sub = data.identityData.sub;
  if (sub === undefined) throw new AuthApiError(500, 'unexpected_failure', 'error missing provider id');
  const identityData = data.identityData;
  const existing = await q.query<IdentityMatch>(
    'select id, user_id, provider from auth.identities where provider_id = $1 and provider = $2',
    [sub, provider],
  );
  let user: UserRow | undefined;
  let identityId: string;
  const known = existing.rows[0];
  if (known !== undefined) {
    // AccountExists: the identity's data is the provider's latest.
    user = await findUserById(q, known.user_id);
    identityId = known.id;
    await q.query('update auth.identities set identity_data = $2::jsonb, updated_at = now() where id = $1', [
      identityId,
      JSON.stringify(identityData),
    ]);
  } else {
    const verified = data.email?.verified === true ? [data.email.address] : [];
    if (verified.length === 0) throw signupDisabled();
    const similar = await q.query<IdentityMatch>('select id, user_id, provider from auth.identities where email = any($1)', [verified]);
    const inDomain = similar.rows.filter((identity) => linkingDomain(identity.provider) === linkingDomain(provider));
    let userId: string;
    if (inDomain.length === 0) {
      const users = await q.query<{ id: string }>('select id from auth.users where email = any($1) and is_sso_user = false', [verified]);
      if (users.rows.length > 1) {
        throw new AuthApiError(
          500,
          'unexpected_failure',
          'Multiple accounts with the same email address in the same linking domain detected: default',
        );
      }
      const only = users.rows[0];
      if (only === undefined) throw signupDisabled();
      userId = only.id;
    } else {
      const owners = new Set(inDomain.map((identity) => identity.user_id));
      const [owner] = owners;
      if (owners.size > 1 || owner === undefined) {
        throw new AuthApiError(
          500,
          'unexpected_failure',
          'Multiple accounts with the same email address in the same linking domain detected: default',
        );
      }
      userId = owner;
    }
    // LinkAccount: a new identity on the account that has the verified address.
    user = await findUserById(q, userId);
    const created = await q.query<{ id: string }>(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3::jsonb, $4, now(), now(), now()) returning id`,
      [sub, userId, JSON.stringify(identityData), provider],
    );
    const row = created.rows[0];
    if (row === undefined) throw new Error('identity insert returned no row');
    identityId = row.id;
  }
  if (user === undefined) throw new AuthApiError(404, 'user_not_found', 'User not found');
  await mergeUserMetadata(q, user.id, identityData);
  await updateProviders(q, user.id);
  if (isBanned(user)) throw new AuthApiError(403, 'user_banned', 'User is banned');
  if (user.email_confirmed_at === null) {
    if (data.email?.verified !== true) {
      // GoTrue also sends a confirmation mail first (`sendConfirmation`, then the "A confirmation
      // email has been sent" wording); this backend sends no sign-up mails, so it refuses as GoTrue
      // does without an address to write to.
      throw new AuthApiError(
        422,
        'provider_email_needs_verification',
        `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`,
      );
    }
    await confirmThroughProvider(q, user.id, identityId, identityData);
  }
  const current = await findUserById(q, user.id);
  if (current === undefined) throw new AuthApiError(404, 'user_not_found', 'User not found');
  return current;
}
