import type { Context, Hono } from 'hono';
import { z } from 'zod';

import type { Queryable } from '../../db/database';
import { readAuthBody } from '../../http/body';
import { AuthApiError } from '../../http/errors';
import type { AuthContext } from '../context';
import { validateEmail } from '../email';
import { requireAdmin } from '../guards';
import { MAX_PASSWORD_BYTES, checkPasswordStrength, hashPassword, passwordTooLong } from '../passwords';
import { findUserByEmail, findUserById, isUuid, userJson, type UserRow } from '../users';

const metadata = z.record(z.string(), z.unknown());

const createBody = z.object({
  id: z.string().optional(),
  aud: z.string().optional(),
  role: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  password_hash: z.string().optional(),
  email_confirm: z.boolean().optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
  ban_duration: z.string().optional(),
});

const updateBody = createBody.omit({ id: true });

const DURATION_UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses GoTrue's `ban_duration` (a Go duration or "none"); returns the banned-until instant. */
function bannedUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  let totalMs = 0;
  let rest = duration;
  while (rest !== '') {
    const match = /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/.exec(rest);
    if (match?.[1] === undefined || match[2] === undefined) {
      throw new AuthApiError(400, 'validation_failed', 'invalid format for ban duration: time: invalid duration');
    }
    totalMs += Number(match[1]) * (DURATION_UNIT_MS[match[2]] ?? 0);
    rest = rest.slice(match[0].length);
  }
  return new Date(Date.now() + totalMs);
}

async function loadTarget(q: Queryable, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw new AuthApiError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(q, id);
  if (user === undefined) throw new AuthApiError(404, 'user_not_found', 'User not found');
  return user;
}

async function assertEmailFree(q: Queryable, email: string, exceptId?: string): Promise<void> {
  const existing = await findUserByEmail(q, email);
  if (existing !== undefined && existing.id !== exceptId) {
    throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
  }
}

/** GoTrue's pagination: `page`/`per_page` query values, empty strings meaning the defaults. */
function pagination(c: Context): { page: number; perPage: number } {
  const read = (name: string, fallback: number): number => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) {
      throw new AuthApiError(400, 'validation_failed', `Bad Pagination Parameters: ${name} must be a non-negative integer`);
    }
    return value;
  };
  return { page: Math.max(1, read('page', 1)), perPage: Math.max(1, read('per_page', 50)) };
}

export function registerAdminRoutes(app: Hono, ctx: AuthContext): void {
  app.post('/admin/users', async (c) => {
    await requireAdmin(c, ctx);
    const body = await readAuthBody(c, createBody);
    if (body.phone !== undefined && body.phone !== '') {
      throw new AuthApiError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    }
    if (body.email === undefined || body.email === '') {
      throw new AuthApiError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    const email = validateEmail(body.email);
    if (body.id !== undefined && !isUuid(body.id))
      throw new AuthApiError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
    if (body.password !== undefined && body.password_hash !== undefined) {
      throw new AuthApiError(400, 'validation_failed', 'Only a password or a password hash should be provided');
    }
    // Creating skips the password policy (contract §6), but bcrypt itself refuses over 72 bytes.
    if (body.password !== undefined && passwordTooLong(body.password)) {
      throw new AuthApiError(400, 'validation_failed', `bcrypt: password length exceeds ${MAX_PASSWORD_BYTES} bytes`);
    }
    const hash = body.password_hash ?? (body.password === undefined ? null : await hashPassword(body.password));
    const banned = body.ban_duration === undefined ? null : bannedUntil(body.ban_duration);
    const created = await ctx.db.transaction(async (tx) => {
      await assertEmailFree(tx, email);
      const id = body.id ?? crypto.randomUUID();
      const appMetadata = { provider: 'email', providers: ['email'], ...body.app_metadata };
      const userMetadata = { ...body.user_metadata, ...(body.email_confirm === true ? { email_verified: true } : {}) };
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_super_admin)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5,
           case when $6 then now() end, $7, $8, now(), now(), $9, false)`,
        [
          id,
          body.aud ?? 'authenticated',
          body.role ?? 'authenticated',
          email,
          hash,
          body.email_confirm === true,
          appMetadata,
          userMetadata,
          banned,
        ],
      );
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ($1, $2, $3, 'email', now(), now())`,
        [id, id, { sub: id, email, email_verified: body.email_confirm === true, phone_verified: false }],
      );
      return userJson(tx, await loadTarget(tx, id));
    });
    return c.json(created);
  });

  app.get('/admin/users', async (c) => {
    await requireAdmin(c, ctx);
    const { page, perPage } = pagination(c);
    const filter = c.req.query('filter') ?? '';
    const pattern = `%${filter.replace(/[\\%_]/g, '\\$&')}%`;
    const total = await ctx.db.query<{ count: number }>(`select count(*)::int as count from auth.users where email ilike $1 or $2 = ''`, [
      pattern,
      filter,
    ]);
    const rows = await ctx.db.query<{ id: string }>(
      `select id from auth.users where email ilike $1 or $2 = '' order by created_at desc, id limit $3 offset $4`,
      [pattern, filter, perPage, (page - 1) * perPage],
    );
    const users = [];
    for (const row of rows.rows) users.push(await userJson(ctx.db, await loadTarget(ctx.db, row.id)));
    const count = total.rows[0]?.count ?? 0;
    const lastPage = Math.max(1, Math.ceil(count / perPage));
    // auth-js reads the page number from the first `=` of each link, so `page` must come first.
    const links: string[] = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('X-Total-Count', String(count));
    c.header('Link', links.join(', '));
    return c.json({ users, aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => {
    await requireAdmin(c, ctx);
    return c.json(await userJson(ctx.db, await loadTarget(ctx.db, c.req.param('id'))));
  });

  app.put('/admin/users/:id', async (c) => {
    await requireAdmin(c, ctx);
    const body = await readAuthBody(c, updateBody);
    // Updating runs GoTrue's checkPasswordStrength, unlike creating.
    if (body.password !== undefined) checkPasswordStrength(body.password);
    const email = body.email === undefined ? undefined : validateEmail(body.email);
    const hash = body.password_hash ?? (body.password === undefined ? undefined : await hashPassword(body.password));
    const updated = await ctx.db.transaction(async (tx) => {
      const user = await loadTarget(tx, c.req.param('id'));
      if (email !== undefined) {
        await assertEmailFree(tx, email, user.id);
        await tx.query('update auth.users set email = $2 where id = $1', [user.id, email]);
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
           where user_id = $1 and provider = 'email'`,
          [user.id, email],
        );
      }
      if (hash !== undefined) await tx.query('update auth.users set encrypted_password = $2 where id = $1', [user.id, hash]);
      if (body.email_confirm === true) {
        await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [user.id]);
      }
      if (body.role !== undefined) await tx.query('update auth.users set role = $2 where id = $1', [user.id, body.role]);
      if (body.user_metadata !== undefined) {
        await tx.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2 where id = $1`, [
          user.id,
          body.user_metadata,
        ]);
      }
      if (body.app_metadata !== undefined) {
        await tx.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2 where id = $1`, [
          user.id,
          body.app_metadata,
        ]);
      }
      if (body.ban_duration !== undefined) {
        await tx.query('update auth.users set banned_until = $2 where id = $1', [user.id, bannedUntil(body.ban_duration)]);
      }
      await tx.query('update auth.users set updated_at = now() where id = $1', [user.id]);
      return userJson(tx, await loadTarget(tx, user.id));
    });
    return c.json(updated);
  });

  app.delete('/admin/users/:id', async (c) => {
    await requireAdmin(c, ctx);
    await ctx.db.transaction(async (tx) => {
      const user = await loadTarget(tx, c.req.param('id'));
      await tx.query('delete from auth.users where id = $1', [user.id]);
    });
    return c.json({});
  });
}
