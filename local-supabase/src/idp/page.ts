import type { IdpAccount } from './accounts';

export type PageLanguage = 'nl' | 'en';

const TEXT = {
  nl: {
    title: 'Bitwerf ID (lokaal)',
    intro: 'Lokale identiteitsprovider voor ontwikkeling. Kies een demo-account om mee aan te melden; er is geen wachtwoord.',
    legend: 'Demo-accounts',
    other: 'Ander e-mailadres (geldt als geverifieerd)',
    otherSubmit: 'Aanmelden met dit adres',
    cancel: 'Annuleren',
    cancelNote: 'Annuleren stuurt je terug met access_denied.',
    errorHeading: 'Aanmelden lukt niet',
    errorIntro: 'De aanvraag is ongeldig of verlopen. Begin opnieuw vanaf de site.',
  },
  en: {
    title: 'Bitwerf ID (local)',
    intro: 'Local identity provider for development. Pick a demo account to sign in with; there is no password.',
    legend: 'Demo accounts',
    other: 'Another email address (counts as verified)',
    otherSubmit: 'Sign in with this address',
    cancel: 'Cancel',
    cancelNote: 'Cancel sends you back with access_denied.',
    errorHeading: 'Cannot sign in',
    errorIntro: 'The request is invalid or has expired. Start again from the site.',
  },
} as const;

/**
 * The page's language: the first of the OpenID `ui_locales` (space-separated, in order of
 * preference) that the page speaks, else the first such in Accept-Language, else Dutch.
 */
export function pickLanguage(uiLocales: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  const fromTags = (tags: string[]): PageLanguage | undefined => {
    for (const tag of tags) {
      const primary = tag.trim().split('-')[0]?.toLowerCase();
      if (primary === 'nl' || primary === 'en') return primary;
    }
    return undefined;
  };
  const byQuality = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
  return fromTags((uiLocales ?? '').split(' ')) ?? fromTags(byQuality) ?? 'nl';
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:32rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0003}
h1{font-size:1.5rem;margin-top:0}fieldset{border:0;padding:0;margin:0 0 1.5rem}legend{font-weight:600;margin-bottom:.5rem}
ul{list-style:none;padding:0;margin:0}li{margin:0 0 .75rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem}form{margin-bottom:1.5rem}
button{font:inherit;cursor:pointer;border-radius:.375rem;padding:.6rem 1rem;border:1px solid #1d4ed8}
.account{width:100%;text-align:left;background:#1d4ed8;color:#fff}.account span{display:block;font-size:.875rem;opacity:.9}
.cancel{background:#fff;color:#1d4ed8}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){body{background:#0f1216;color:#e6e8eb}main{background:#1b1f24;box-shadow:none}
.account{border-color:#3b6ef5}.cancel{background:transparent;color:#a9c1ff;border-color:#a9c1ff}}`;

function layout(language: PageLanguage, body: string): string {
  const text = TEXT[language];
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${text.title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The account picker: one submit button per account, another address, and Cancel, all posting to `action`. */
export function signInPage(language: PageLanguage, action: string, accounts: readonly IdpAccount[]): string {
  const text = TEXT[language];
  const items = accounts
    .map(
      (account) =>
        `<li><button class="account" type="submit" name="account" value="${escapeHtml(account.sub)}">${escapeHtml(account.email)}` +
        `<span>${escapeHtml(`${account.given_name} ${account.family_name}`)}: ${escapeHtml(account.note[language])}</span></button></li>`,
    )
    .join('\n');
  return layout(
    language,
    `<h1>${text.title}</h1>
<p>${text.intro}</p>
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>${text.legend}</legend>
<ul>
${items}
</ul>
</fieldset>
</form>
<form method="post" action="${escapeHtml(action)}">
<p><label for="other-email">${text.other}</label><br>
<input id="other-email" name="email" type="email" autocomplete="off" required></p>
<button class="account" type="submit" name="action" value="address">${text.otherSubmit}</button>
</form>
<form method="post" action="${escapeHtml(action)}">
<p id="cancel-note">${text.cancelNote}</p>
<button class="cancel" type="submit" name="action" value="cancel" aria-describedby="cancel-note">${text.cancel}</button>
</form>`,
  );
}

/** What the provider shows for a request it refuses instead of redirecting (no valid client or redirect URI, an expired interaction). */
export function errorPage(language: PageLanguage, error: string, description: string | undefined): string {
  const text = TEXT[language];
  return layout(
    language,
    `<h1>${text.errorHeading}</h1>
<p>${text.errorIntro}</p>
<p><code>${escapeHtml(error)}</code>${description === undefined ? '' : `: ${escapeHtml(description)}`}</p>`,
  );
}

/** Headers for every page: its own origin, nothing to load but its inline style, never framed. */
export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;
