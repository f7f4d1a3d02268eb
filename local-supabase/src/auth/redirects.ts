import type { ResolvedConfig } from '../config';

/**
 * Turns an allow-list entry into a matcher. GoTrue uses glob patterns; `*` within a path
 * segment and `**` across segments cover what projects put there, so a dependency for full
 * glob syntax is not worth it.
 */
function entryMatches(entry: string, url: string): boolean {
  if (!entry.includes('*'))
    return url === entry || url.startsWith(entry.endsWith('/') ? entry : `${entry}/`) || url.startsWith(`${entry}?`);
  const pattern = entry
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${pattern}$`).test(url);
}

/** GoTrue's `IsRedirectURLValid`: under the site URL or in the allow list. */
export function redirectAllowed(config: ResolvedConfig, requested: string | undefined): requested is string {
  if (requested === undefined || requested === '') return false;
  return (
    requested === config.siteUrl ||
    requested.startsWith(`${config.siteUrl}/`) ||
    requested.startsWith(`${config.siteUrl}?`) ||
    config.redirectAllowList.some((entry) => entryMatches(entry, requested))
  );
}

/** The requested redirect if it is allowed, else the site URL. */
export function safeRedirect(config: ResolvedConfig, requested: string | undefined): string {
  return redirectAllowed(config, requested) ? requested : config.siteUrl;
}
