import type { PGlite } from '@electric-sql/pglite';
import type { Hono } from 'hono';

import { formatPhoneNumber } from '../auth/phone';
import type { Queryable } from '../db/database';

/** GoTrue's message channels (`sms_provider.SMSProvider`, `WhatsappProvider`). */
export type PhoneChannel = 'sms' | 'whatsapp';

export interface OutgoingPhoneMessage {
  /** The number as an SMS provider is handed it: `+` and the E.164 digits (GoTrue's Twilio provider adds the `+`). */
  to: string;
  channel: PhoneChannel;
  /** The rendered template, what the recipient reads. */
  body: string;
  /** The code itself, which GoTrue hands the provider beside the text (Twilio's WhatsApp template variable). */
  otp: string;
}

interface PhoneMessageRow {
  id: string;
  to: string;
  channel: PhoneChannel;
  body: string;
  otp: string;
  created_at: Date;
}

/**
 * Stands in for the SMS provider (Twilio and the like) of a hosted project: every SMS and
 * WhatsApp message Auth would send is stored (in the database, so it rolls back with the
 * challenge that caused it) and printed, never sent. Read through `/inbox/v1/phone-messages`,
 * beside the e-mails, with the service-role key only: its messages hold working MFA codes.
 */
export class PhoneInbox {
  constructor(
    private readonly db: PGlite,
    private readonly log: (line: string) => void,
    /** Off outside dev and the local preview, like the mail links: a printed code signs in. */
    private readonly logCodes: boolean,
  ) {}

  async deliver(q: Queryable, message: OutgoingPhoneMessage): Promise<void> {
    await q.query('insert into local_supabase.phone_messages ("to", channel, body, otp) values ($1, $2, $3, $4)', [
      message.to,
      message.channel,
      message.body,
      message.otp,
    ]);
    this.log(`[${message.channel}] ${message.to}: ${this.logCodes ? message.body : '(message kept in the local inbox, not printed)'}`);
  }

  /**
   * The kept messages, newest first; only those to `to` when given, compared as GoTrue compares
   * numbers (without the `+` and spaces), so `?to=%2B31612345678`, `?to=31612345678` and an
   * unencoded `?to=+31612345678` (whose `+` arrives as a space) all match.
   */
  async list(to: string | undefined): Promise<Record<string, unknown>[]> {
    const result = await this.db.query<PhoneMessageRow>(
      `select id, "to", channel, body, otp, created_at from local_supabase.phone_messages
       where $1::text is null or "to" = '+' || $1 order by created_at desc`,
      [to === undefined ? null : formatPhoneNumber(to.trim())],
    );
    return result.rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  async clear(): Promise<void> {
    await this.db.query('delete from local_supabase.phone_messages');
  }
}

/** `GET` and `DELETE /phone-messages` on the inbox app, which checks the service-role key first. */
export function registerPhoneInboxRoutes(app: Hono, inbox: PhoneInbox): void {
  app.get('/phone-messages', async (c) => c.json(await inbox.list(c.req.query('to'))));
  app.delete('/phone-messages', async (c) => {
    await inbox.clear();
    return c.body(null, 204);
  });
}
