import type { Hono } from 'hono';
import { z } from 'zod';

import { readAuthBody } from '../../http/body';
import { AuthApiError } from '../../http/errors';
import type { AuthContext } from '../context';
import { validateEmail } from '../email';
import { requestEmailChange } from '../email-change';
import { callerAal, requireUser } from '../guards';
import { checkPasswordStrength, hashPassword, passwordMatches } from '../passwords';
import { safeRedirect } from '../redirects';
import { findUserById, listFactors, userJson } from '../users';

const updateBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  current_password: z.string().optional(),
  phone: z.string().optional(),
  nonce: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});

export function registerUserRoutes(app: Hono, ctx: AuthContext): void {
  app.get('/user', async (c) => {
    const caller = await requireUser(c, ctx);
    return c.json(await userJson(ctx.db, caller.user));
  });

  app.put('/user', async (c) => {
    const caller = await requireUser(c, ctx);
    const body = await readAuthBody(c, updateBody);
    const { user } = caller;
    // GoTrue validates a given address before anything else, so a bad one never reaches SQL.
    const email = body.email === undefined || body.email === '' ? undefined : validateEmail(body.email);
    const changesCredentials = body.password !== undefined || (email !== undefined && email !== user.email);
    if (changesCredentials && callerAal(caller) !== 'aal2') {
      const verified = (await listFactors(ctx.db, user.id)).some((factor) => factor.status === 'verified');
      if (verified) {
        throw new AuthApiError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
      }
    }
    if (body.phone !== undefined && body.phone !== '' && body.phone !== user.phone) {
      throw new AuthApiError(422, 'phone_provider_disabled', 'Unsupported phone provider');
    }
    const changesEmail = email !== undefined && email !== (user.email ?? '').toLowerCase();

    let newHash: string | undefined;
    if (body.password !== undefined) {
      checkPasswordStrength(body.password);
      if (user.encrypted_password !== null && (await passwordMatches(body.password, user.encrypted_password))) {
        throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.');
      }
      newHash = await hashPassword(body.password);
    }

    const updated = await ctx.db.transaction(async (tx) => {
      if (body.data !== undefined && body.data !== null) {
        // GoTrue merges metadata; a null value removes the key.
        const removals = Object.keys(body.data).filter((key) => body.data?.[key] === null);
        await tx.query(
          `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[],
           updated_at = now() where id = $1`,
          [user.id, JSON.stringify(body.data), removals],
        );
      }
      if (changesEmail) {
        await requestEmailChange(tx, ctx, user, email, safeRedirect(ctx.config, c.req.query('redirect_to')));
      }
      if (newHash !== undefined) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, newHash]);
        // A password change signs out every other session, as GoTrue does.
        await tx.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [
          user.id,
          caller.sessionId ?? null,
        ]);
      }
      const fresh = await findUserById(tx, user.id);
      if (fresh === undefined) throw new AuthApiError(404, 'user_not_found', 'User not found');
      return userJson(tx, fresh);
    });
    return c.json(updated);
  });
}
