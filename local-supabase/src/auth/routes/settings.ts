import type { Hono } from 'hono';
import { z } from 'zod';

import { readAuthBody } from '../../http/body';
import { AuthApiError } from '../../http/errors';
import type { AuthContext } from '../context';

/** Mirrors the hosted project settings the site relies on: e-mail sign-in (and keycloak, see below), no sign-up. */
const SETTINGS = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    facebook: false,
    figma: false,
    fly: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    kakao: false,
    linkedin: false,
    linkedin_oidc: false,
    notion: false,
    spotify: false,
    slack: false,
    slack_oidc: false,
    workos: false,
    twitch: false,
    twitter: false,
    zoom: false,
    email: true,
    phone: false,
  },
  disable_signup: true,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
  saml_private_key_next_configured: false,
  passkeys_enabled: false,
};

/** The fields of GoTrue's SignupParams that choose its answer; the rest are read and ignored. */
const signupBody = z.looseObject({ email: z.string().optional(), phone: z.string().optional() });

export function registerSettingsRoutes(app: Hono, ctx: AuthContext): void {
  // keycloak is on while the local identity provider runs (GoTrue reports `Enabled` of each provider).
  app.get('/settings', (c) => c.json({ ...SETTINGS, external: { ...SETTINGS.external, keycloak: ctx.providers.keycloak !== undefined } }));
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: [ctx.keys.publicJwk] });
  });
  // Sign-up is off on the hosted project (the firm creates accounts); answer as GoTrue then does.
  app.post('/signup', async (c) => {
    const { email = '', phone = '' } = await readAuthBody(c, signupBody);
    // GoTrue's `/signup` route takes a body with neither address for an anonymous sign-in and
    // refuses it while that provider is off (`anonymous_users: false` above) before it looks at
    // whether sign-ups are (api.go); supabase-js's `signInAnonymously()` shows this message.
    if (email === '' && phone === '') throw new AuthApiError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    throw new AuthApiError(422, 'signup_disabled', 'Signups not allowed for this instance');
  });
}
