import type { Hono } from 'hono';

import { AuthApiError } from '../../http/errors';
import type { AuthContext } from '../context';
import { requireUser } from '../guards';

export function registerLogoutRoutes(app: Hono, ctx: AuthContext): void {
  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new AuthApiError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const { user, sessionId } = await requireUser(c, ctx);
    // Deleting sessions cascades to their refresh tokens and AMR claims, so both die at once.
    if (scope === 'global' || sessionId === undefined) {
      if (scope !== 'others') await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await ctx.db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    }
    return c.body(null, 204);
  });
}
