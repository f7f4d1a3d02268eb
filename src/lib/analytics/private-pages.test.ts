import { describe, expect, it } from 'vitest';

import { isPrivatePath } from './private-pages';

describe('isPrivatePath', () => {
  it.each([
    '/account',
    '/en/account/',
    '/account/applications/3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
    '/en/account/messages/x',
    '/sign-in',
    '/en/sign-in',
    '/forgot-password',
    '/en/reset-password',
    '/auth/confirm',
    '/applications/withdraw',
    '/en/applications/withdraw/confirm',
    '/applications/retry',
  ])('keeps analytics off %s', (path) => {
    expect(isPrivatePath(path)).toBe(true);
  });

  it.each([
    '/',
    '/en',
    '/vacancies',
    '/en/vacancies/devops',
    '/blog/accounting',
    '/applications/received',
    '/accounts',
    '/en/sign-in-help',
    '/nl/account',
  ])('allows analytics on %s', (path) => {
    expect(isPrivatePath(path)).toBe(false);
  });
});
