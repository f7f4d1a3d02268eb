import { describe, expect, it } from 'vitest';

import { mailtoHref } from './mailto';

/** What a mail client reads from the link: the recipients and every header field. */
function parse(href: string) {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), headers: [...url.searchParams.keys()], subject: url.searchParams.get('subject') };
}

describe('mailtoHref', () => {
  it('links a plain address as it is', () => {
    expect(mailtoHref('sanne@example.nl')).toBe('mailto:sanne@example.nl');
    expect(mailtoHref("o'brien+offerte@example.co.uk")).toBe("mailto:o'brien%2Bofferte@example.co.uk");
  });

  it('adds the subject as the only header field', () => {
    const href = mailtoHref('sanne@example.nl', 'Re: Nieuw project & meer?');
    expect(parse(href)).toEqual({ to: 'sanne@example.nl', headers: ['subject'], subject: 'Re: Nieuw project & meer?' });
  });

  it('keeps a stored address from adding cc, bcc or a body (the review payload)', () => {
    const stored = 'client@example.nl?cc=attacker%40evil.example&bcc=spy%40evil.example&body=';
    const href = mailtoHref(stored, 'Re: Nieuw project');
    expect(parse(href)).toEqual({ to: stored, headers: ['subject'], subject: 'Re: Nieuw project' });
    expect(parse(mailtoHref(stored)).headers).toEqual([]);
  });

  it('keeps every other delimiter inside the address too', () => {
    for (const stored of ['a@b.nl&cc=c@d.nl', 'a@b.nl#x?cc=c@d.nl', 'a%40x@b.nl', 'a@b.nl,c@d.nl', 'a b@c.nl', 'a@b.nl\n?bcc=c@d.nl']) {
      const { to, headers } = parse(mailtoHref(stored, 'x'));
      expect(to, stored).toBe(stored);
      expect(headers, stored).toEqual(['subject']);
    }
  });
});
