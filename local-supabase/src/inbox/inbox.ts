import type { PGlite } from '@electric-sql/pglite';
import { Hono, type MiddlewareHandler } from 'hono';

import { PhoneInbox, registerPhoneInboxRoutes } from './phone-inbox';
import type { Queryable } from '../db/database';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../keys';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/**
 * The inbox holds working reset links, so only trusted code (tests, scripts) may read or clear
 * it: the service-role key, as `apikey` or as a Bearer token.
 */
const requireServiceRole: MiddlewareHandler = async (c, next) => {
  const key = c.req.header('apikey') ?? /^bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (key === undefined || key === '') return c.json({ message: 'No API key found in request' }, 401);
  if (key === ANON_KEY) return c.json({ message: 'The local inbox needs the service-role key' }, 403);
  if (key !== SERVICE_ROLE_KEY) return c.json({ message: 'Invalid authentication credentials' }, 401);
  await next();
};

/**
 * Stands in for Supabase's local Inbucket: e-mails are stored (in the database, so they
 * survive restarts and roll back with the write that caused them) and printed, never sent.
 */
export class Inbox {
  /** The SMS and WhatsApp messages, a list of their own under the same key check (`/phone-messages`). */
  readonly phone: PhoneInbox;

  constructor(
    private readonly db: PGlite,
    private readonly log: (line: string) => void,
    /** Off outside dev and the local preview: a printed reset link is a sign-in token in a log file. */
    private readonly logLinks = true,
  ) {
    this.phone = new PhoneInbox(db, log, logLinks);
  }

  async deliver(q: Queryable, message: OutgoingMessage): Promise<void> {
    await q.query('insert into local_supabase.inbox_messages ("to", subject, text, html, links) values ($1, $2, $3, $4, $5)', [
      message.to,
      message.subject,
      message.text,
      message.html,
      message.links,
    ]);
    const link = this.logLinks ? (message.links[0] ?? '(no link)') : '(link kept in the local inbox, not printed)';
    this.log(`[inbox] ${message.subject} for ${message.to}: ${link}`);
  }

  /** The kept messages, newest first; only those to `to` (any case) when given. */
  async list(to: string | undefined): Promise<Record<string, unknown>[]> {
    const result = await this.db.query<Record<string, unknown> & { created_at: Date }>(
      `select id, "to", subject, text, html, links, created_at from local_supabase.inbox_messages
       where $1::text is null or lower("to") = lower($1) order by created_at desc`,
      [to ?? null],
    );
    return result.rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  async clear(): Promise<void> {
    await this.db.query('delete from local_supabase.inbox_messages');
  }
}

/** `/inbox/v1`: the kept messages, newest first, for the service-role key only (see README). */
export function inboxRouter(inbox: Inbox): Hono {
  const app = new Hono();
  app.use('*', requireServiceRole);
  app.get('/messages', async (c) => c.json(await inbox.list(c.req.query('to'))));
  app.delete('/messages', async (c) => {
    await inbox.clear();
    return c.body(null, 204);
  });
  registerPhoneInboxRoutes(app, inbox.phone);
  return app;
}
