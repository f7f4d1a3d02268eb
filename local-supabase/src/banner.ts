import { DEMO_ACCOUNTS } from './keys';

export interface BannerDetails {
  dataDir?: string;
  readyMs?: number;
  /** `npm start` without a Supabase project: a production build on 127.0.0.1, never a deployment. */
  preview?: boolean;
  /** The backend was already running (e.g. `npm run backend` in another terminal). */
  reused?: boolean;
}

const PREVIEW_NOTICE = [
  'LOCAL PREVIEW, NOT FOR PRODUCTION',
  '  No Supabase project is configured, so this production build runs against the embedded demo',
  '  backend, whose keys and accounts are public. The site and the backend listen on 127.0.0.1 only.',
  '  To go live, set NEXT_PUBLIC_SUPABASE_URL and the project keys (docs/operations/going-live.md).',
  '',
];

function status(details: BannerDetails): string {
  if (details.reused === true) return 'Local Supabase already running';
  return `Local Supabase ${details.readyMs === undefined ? 'running' : `ready in ${Math.round(details.readyMs)} ms`}`;
}

/** What `npm run backend`, `npm run dev` and the preview print, so all name the same URL, keys and accounts. */
export function banner(backend: { url: string; anonKey: string; serviceRoleKey: string; idpUrl?: string }, details: BannerDetails): string {
  return [
    ...(details.preview === true ? PREVIEW_NOTICE : []),
    status(details),
    `  API URL:          ${backend.url}`,
    `  anon key:         ${backend.anonKey}`,
    `  service_role key: ${backend.serviceRoleKey}`,
    `  Inbox:            ${backend.url}/inbox/v1/messages`,
    ...(backend.idpUrl === undefined ? [] : [`  Bitwerf ID:       ${backend.idpUrl} (keycloak provider, demo accounts on its page)`]),
    ...(details.dataDir === undefined ? [] : [`  Data:             ${details.dataDir}`]),
    '  Demo accounts:',
    ...DEMO_ACCOUNTS.map((account) => `    ${account.email} / ${account.password} (${account.role})`),
  ].join('\n');
}
