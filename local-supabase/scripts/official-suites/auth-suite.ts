import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Suite } from './suite';

const here = import.meta.dirname;

/** No migrations and an empty seed: auth-js's tests bring no fixtures, their containers start empty. */
export async function emptyDatabase(_testDir: string, work: string): Promise<{ migrationsDir: string; seedFile: string }> {
  const migrationsDir = path.join(work, 'migrations');
  await mkdir(migrationsDir);
  const seedFile = path.join(work, 'seed.sql');
  await writeFile(seedFile, '');
  return { migrationsDir, seedFile };
}

/**
 * auth-js's docker tests that can run against the embedded Auth: those whose GoTrue answers as
 * this backend's configuration must, sign-ups and anonymous sign-ins both refused, and the phone
 * tests that need neither sign-ups nor an SMS provider (CONTRACT.md says why the others cannot).
 * It needs no fixtures: an empty database is its containers' state too.
 */
export const authSuite: Suite = {
  name: 'auth-js',
  files: ['docker-tests/anonymous-disabled.test.ts', 'docker-tests/phone-otp.test.ts', 'docker-tests/signup-disabled.test.ts'],
  prepare: emptyDatabase,
  alias: [
    { find: /^\.\/clients$/, replacement: path.join(here, 'auth-clients.ts') },
    { find: /^\.\.\/lib\/utils$/, replacement: path.join(here, 'auth-utils.ts') },
  ],
  leftOut: [
    // `/resend` and `/otp` are outside the contract (a phone is a second factor here, never a way
    // in): the one expects a text sent through its container's Twilio, the other would pass on
    // the 404 that answers what is not served, which says nothing about GoTrue.
    'Docker: Phone Resend',
    'Docker: Phone OTP Auth signInWithOtp() with phone',
    // It signs a user up first.
    'Docker: Phone Password Auth',
  ],
};
