import { describe, expect, it } from 'vitest';

import { readEmailLink } from './email-link';

const good = 'a'.repeat(56);
const read = (query: string) => readEmailLink(new URLSearchParams(query), '/en/account');

describe('readEmailLink', () => {
  it('reads a link our templates write, with next kept on the site', () => {
    expect(read(`token_hash=${good}&type=recovery&next=%2Fen%2Freset-password`)).toEqual({
      tokenHash: good,
      type: 'recovery',
      next: '/en/reset-password',
    });
    expect(read(`token_hash=${good}&type=email_change`)?.next).toBe('/en/account');
    expect(read(`token_hash=${good}&type=recovery&next=%2F.%2F%2Fevil.example`)?.next).toBe('/en/account');
  });

  it.each([
    ['nothing', ''],
    ['no token', 'type=recovery'],
    ['an unknown type', `token_hash=${good}&type=sms`],
    ['a 5,000-character token', `token_hash=${'a'.repeat(5000)}&type=recovery`],
    ['a second token_hash', `token_hash=evil&type=recovery&token_hash=${good}`],
    ['any other parameter twice', `token_hash=${good}&type=recovery&x=1&x=2`],
  ])('refuses a link with %s', (_kind, query) => {
    expect(read(query)).toBeNull();
  });
});
