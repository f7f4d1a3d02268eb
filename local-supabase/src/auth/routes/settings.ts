import type { Hono } from 'hono';

import { AuthApiError } from '../../http/errors';
import type { AuthContext } from '../context';

/** Mirrors the hosted project settings the site relies on: e-mail sign-in only, no sign-up. */
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

export function registerSettingsRoutes(app: Hono, ctx: AuthContext): void {
  app.get('/settings', (c) => c.json(SETTINGS));
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: [ctx.keys.publicJwk] });
  });
  // Sign-up is off on the hosted project (the firm creates accounts); answer as GoTrue then does.
  app.post('/signup', () => {
    throw new AuthApiError(422, 'signup_disabled', 'Signups not allowed for this instance');
  });
}
