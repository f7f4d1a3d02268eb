import { createHash } from 'node:crypto';

import { DEMO_ACCOUNTS } from '../keys';

/** A person the local identity provider can sign in, with the claims a Keycloak realm releases. */
export interface IdpAccount {
  /** Keycloak's subject is the user's UUID in the realm; fixed, so a second sign-in finds the linked identity. */
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  /** What the sign-in page says about the account, so a developer knows which path it tries. */
  note: { nl: string; en: string };
}

const demoEmail = (role: (typeof DEMO_ACCOUNTS)[number]['role']): string => {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (account === undefined) throw new Error(`No demo account with role ${role} in keys.ts`);
  return account.email;
};

/**
 * The accounts on the sign-in page: the seeded demo accounts (`supabase/seed.sql`, named in
 * keys.ts) with verified addresses, so Auth links them; one address Auth does not know, which
 * Auth refuses because sign-ups are off; and a demo address the provider has not verified, which
 * Auth must not link to the demo account (GoTrue links on verified addresses only).
 */
export const IDP_ACCOUNTS: readonly IdpAccount[] = [
  {
    sub: '6f1c2a57-3d4e-4b8a-9c11-0b7e5a2d0001',
    email: demoEmail('client'),
    email_verified: true,
    given_name: 'Demi',
    family_name: 'Klant',
    note: { nl: 'Demo-klant, bekend bij Auth', en: 'Demo client, known to Auth' },
  },
  {
    sub: '6f1c2a57-3d4e-4b8a-9c11-0b7e5a2d0002',
    email: demoEmail('staff'),
    email_verified: true,
    given_name: 'Stef',
    family_name: 'Medewerker',
    note: { nl: 'Demo-medewerker, bekend bij Auth', en: 'Demo staff member, known to Auth' },
  },
  {
    sub: '6f1c2a57-3d4e-4b8a-9c11-0b7e5a2d0003',
    email: 'nieuw@voorbeeld.nl',
    email_verified: true,
    given_name: 'Nina',
    family_name: 'Nieuw',
    note: {
      nl: 'Onbekend bij Auth: aanmelden wordt geweigerd (signup_disabled)',
      en: 'Unknown to Auth: sign-in is refused (signup_disabled)',
    },
  },
  {
    sub: '6f1c2a57-3d4e-4b8a-9c11-0b7e5a2d0004',
    email: demoEmail('client'),
    email_verified: false,
    given_name: 'Demi',
    family_name: 'Onbevestigd',
    note: {
      nl: 'Adres van de demo-klant, niet geverifieerd: Auth koppelt het niet',
      en: "The demo client's address, not verified: Auth does not link it",
    },
  },
];

/**
 * Accounts for an address typed on the page ("another address", verified), so a developer or a
 * test can sign in any account Auth knows. Their subject is derived from the address, so a second
 * sign-in finds the identity it linked. Kept per process and bounded: the oldest goes first.
 */
const typed = new Map<string, IdpAccount>();
const MAX_TYPED = 1_000;

export function typedAccount(email: string): IdpAccount {
  const address = email.trim().toLowerCase();
  const hex = createHash('sha256').update(address).digest('hex');
  const sub = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const account: IdpAccount = {
    sub,
    email: address,
    email_verified: true,
    given_name: address.split('@')[0] ?? address,
    family_name: '',
    note: { nl: 'Ingetypt adres', en: 'Typed address' },
  };
  typed.delete(sub);
  typed.set(sub, account);
  if (typed.size > MAX_TYPED) typed.delete(typed.keys().next().value ?? sub);
  return account;
}

export const findIdpAccount = (sub: string): IdpAccount | undefined =>
  IDP_ACCOUNTS.find((account) => account.sub === sub) ?? typed.get(sub);

/** The claims the userinfo endpoint and ID token release for the granted scopes (Keycloak's `profile` and `email`). */
export function accountClaims(account: IdpAccount): { sub: string } & Record<string, string | boolean> {
  return {
    sub: account.sub,
    name: `${account.given_name} ${account.family_name}`.trim(),
    given_name: account.given_name,
    family_name: account.family_name,
    preferred_username: account.email,
    email: account.email,
    email_verified: account.email_verified,
  };
}
