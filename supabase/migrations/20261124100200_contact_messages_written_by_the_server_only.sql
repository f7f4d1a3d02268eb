-- Only the site's server writes contact messages, with the service role, after the form's
-- validation, honeypot and rate limits have passed. Visitors could insert straight through the
-- REST API before, past all three (security review, finding 5a).
drop policy "Anyone can send a message." on public.contact_messages;
revoke insert on public.contact_messages from anon, authenticated;

-- An address is letters, digits and _ ' + . - around one @, with a dotted domain: the shape the
-- site's form accepts (zod's z.email()). It can no longer carry ?, &, %, #, / or spaces, which
-- would let a stored address add cc/bcc or a body to the staff's reply link (finding 15).
alter table public.contact_messages drop constraint contact_messages_email_check;
alter table public.contact_messages add constraint contact_messages_email_check check (
  char_length(email) between 3 and 320
  and email ~ '^[A-Za-z0-9_''+.-]+@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$'
);
