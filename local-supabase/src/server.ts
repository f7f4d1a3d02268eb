import { mkdir } from 'node:fs/promises';
import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';

import type { ExternalProviders } from './auth/external/providers';
import { authRouter } from './auth/router';
import { loadSigningKeys } from './auth/signing-keys';
import { resolveConfig, type LocalSupabaseOptions } from './config';
import { openDatabase } from './db/database';
import { corsOptions, requireLoopbackHost, requireSiteOrigin } from './http/gateway';
import { startLocalIdp, type LocalIdp } from './idp/server';
import { Inbox, inboxRouter } from './inbox/inbox';
import { ANON_KEY, SERVICE_ROLE_KEY } from './keys';
import { startSmtpCatcher, type SmtpCatcher } from './mail/smtp-catcher';
import { restRouter } from './rest/router';
import type { StorageContext } from './storage/context';
import { openStorageFiles, storageRouter } from './storage/router';

export type { LocalSupabaseOptions } from './config';

export interface LocalSupabase {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The SMTP catcher, `smtp://127.0.0.1:<port>`: what it is sent lands in the inbox beside the Auth mails. */
  smtpUrl: string;
  /** The local identity provider's realm URL (Bitwerf ID, Keycloak-shaped), behind Auth's `keycloak` provider. */
  idpUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the backend: PGlite with the platform schema, migrations and seed, then Auth
 * (`/auth/v1`), REST (`/rest/v1`), Storage (`/storage/v1`) and the local inbox (`/inbox/v1`)
 * on one HTTP port, the SMTP catcher that fills the same inbox on another, and the local identity
 * provider behind Auth's `keycloak` sign-in on a third.
 */
export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const config = resolveConfig(options);
  const log = config.quiet ? () => undefined : (line: string) => console.log(line);
  if (config.dataDir !== undefined) await mkdir(config.dataDir, { recursive: true });
  const { db } = await openDatabase({
    pgDataDir: config.dataDir === undefined ? undefined : path.join(config.dataDir, 'pgdata'),
    migrationsDir: config.migrationsDir,
    seedFile: config.seedFile,
    log,
  });
  const keys = await loadSigningKeys(config.dataDir);
  const inbox = new Inbox(db, log, config.logEmailLinks);
  const files = await openStorageFiles({ db, dataDir: config.dataDir, log });
  let smtp: SmtpCatcher;
  try {
    smtp = await startSmtpCatcher({ db, inbox, port: config.smtpPort, log });
  } catch (error) {
    await db.close();
    await files.close();
    throw error;
  }
  let url = '';
  let port = 0;

  const app = new Hono();
  app.use(
    '*',
    requireLoopbackHost(() => port),
  );
  app.use('*', requireSiteOrigin(config.allowedOrigins));
  app.use('*', cors(corsOptions(config.allowedOrigins)));
  // Filled once the identity provider listens: it needs the callback URL, known only after this server listens.
  const providers: ExternalProviders = {};
  const storage: StorageContext = { db, keys, files, basePath: '/storage/v1', log };
  // Every service is a Hono app built by a function of its context, mounted under its base path (CONTRACT.md).
  const services: [basePath: string, routes: Hono][] = [
    ['/auth/v1', authRouter({ db, keys, config, inbox, providers, issuer: () => `${url}/auth/v1` }, log)],
    ['/rest/v1', restRouter({ db, keys }, log)],
    [storage.basePath, storageRouter(storage, log)],
    ['/inbox/v1', inboxRouter(inbox)],
  ];
  for (const [basePath, routes] of services) app.route(basePath, routes);

  let server: ReturnType<typeof serve>;
  try {
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, port: config.port, hostname: '127.0.0.1' }, () => resolve(started));
      started.once('error', reject);
    });
  } catch (error) {
    // e.g. the port is taken: release the database so the caller can retry or exit cleanly.
    await smtp.close();
    await db.close();
    await files.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE' ? `Port ${config.port} on 127.0.0.1 is already in use (set LOCAL_SUPABASE_PORT)` : String(error),
      {
        cause: error,
      },
    );
  }
  // The client closes idle keep-alive connections, never the server. When the server closes one, the
  // close can cross a request the client has just written on it, and that request fails with
  // ECONNRESET: most easily when the client and the backend share a process (the tests) whose event
  // loop stalls past the timeout, so both timers are due at once. Clients close their idle
  // connections within seconds (undici after 4 s), and hosted Supabase's gateway keeps them far
  // longer than that, so no client relies on the server to close first.
  if (server instanceof Server) server.keepAliveTimeout = 0;
  ({ port } = server.address() as AddressInfo);
  url = `http://127.0.0.1:${port}`;

  let idp: LocalIdp;
  try {
    idp = await startLocalIdp({ port: config.idpPort, redirectUri: `${url}/auth/v1/callback`, log });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await smtp.close();
    await db.close();
    await files.close();
    throw error;
  }
  providers.keycloak = { url: idp.url, clientId: idp.clientId, secret: idp.clientSecret, redirectUri: `${url}/auth/v1/callback` };

  let stopping: Promise<void> | undefined;
  return {
    url,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    smtpUrl: smtp.url,
    idpUrl: idp.url,
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive sockets from clients would otherwise hold close() open.
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await idp.close();
        // Before the database: a mail still being received writes to it.
        await smtp.close();
        await db.close();
        await files.close();
      })();
      return stopping;
    },
  };
}
