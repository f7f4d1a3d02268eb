import type { PGlite } from '@electric-sql/pglite';

import type { ResolvedConfig } from '../config';
import type { ExternalProviders } from './external/providers';
import type { SigningKeys } from './signing-keys';
import type { Inbox } from '../inbox/inbox';

/** What every Auth handler needs; built once per server. */
export interface AuthContext {
  db: PGlite;
  keys: SigningKeys;
  config: ResolvedConfig;
  inbox: Inbox;
  /** OAuth providers that are on (GoTrue's GOTRUE_EXTERNAL_*); filled when the local identity provider listens. */
  providers: ExternalProviders;
  /** `iss` of user tokens: the public Auth URL, as hosted projects configure GOTRUE_JWT_ISSUER. */
  issuer: () => string;
}
