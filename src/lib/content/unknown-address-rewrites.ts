/**
 * How the proxy's verdict "this content address is certainly unknown" becomes the site's 404 page
 * (docs/decisions/0028-unknown-slugs-answered-by-the-proxy.md): the proxy marks the request with
 * this header, and next.config.ts rewrites a marked request to an address no route has, which Next
 * answers with app/global-not-found.tsx. Not a rewrite from the proxy: Next proxies that over HTTP
 * to itself when the server is bound to 127.0.0.1 (it names the request localhost, and the two
 * origins differ). The proxy removes the header from every request that comes in.
 */
export const UNKNOWN_ADDRESS_HEADER = 'x-bitwerf-unknown-address';

/** The addresses only content makes, as src/lib/content/known-addresses.ts reads them. */
const CONTENT_PATH = '(?:blog|vacancies|cases)/[^/]+|blog/page/[^/]+';

const marked = [{ type: 'header' as const, key: UNKNOWN_ADDRESS_HEADER }];

export const unknownAddressRewrites = [
  { source: `/en/:path(${CONTENT_PATH})`, has: marked, destination: '/en/_unknown' },
  { source: `/:path(${CONTENT_PATH})`, has: marked, destination: '/nl/_unknown' },
];
