import path from 'node:path';

import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

import { unknownAddressRewrites } from './src/lib/content/unknown-address-rewrites';
import { PAGE_EXPIRE_SECONDS } from './src/lib/page-cache/lifetimes.mjs';
import { assetHeaders, NO_REFERRER_PATHS, noReferrerHeaders, securityHeaders } from './src/lib/security/headers';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

// Unprefixed paths are Dutch. Everything under /en is English, /nl/… only redirects, and Next's
// internals, API routes and files (anything with a dot: robots.txt, rss.xml, security.txt) stay as they are.
const DUTCH_PATH = '/:path((?!_next/|api/|en(?:/|$)|nl(?:/|$)|.*\\.).+)';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Lets several builds of one checkout live side by side (e.g. a bench beside the e2e server).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // An address no route has is answered by app/global-not-found.tsx, a page rendered on the server
  // in the visitor's language; without it, Next 16.4 answers with an empty error shell until the
  // browser has run its scripts (decision 0027).
  experimental: { globalNotFound: true },
  // Next's standalone server (`.next/standalone/server.js`) too, when a build asks for it. The servers
  // load this file again when they start, without the variable, so `npm start` and `next start` run
  // such a build without Next's warning that it was meant for the standalone server.
  output: process.env.BUILD_STANDALONE === '1' ? 'standalone' : undefined,
  // `npm test` type-checks the whole project (tsc --noEmit) itself, after this build has written the
  // route types, so the build skips Next's second pass over the same files. Every other build
  // checks types as usual.
  typescript: { ignoreBuildErrors: process.env.NEXT_TYPES_CHECKED === '1' },
  // Spec §9 image constants, written out rather than left to Next's defaults; 75 is the default (and only) quality.
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
  // The page cache (see the file): in memory, bounded, no 404 kept, and a script policy by hash on
  // every page it stores. Next's own memory cache is off: this one is the only copy. Resolved from
  // the project folder, where every script runs Next.
  cacheHandler: path.resolve('src/lib/page-cache/cache-handler.mjs'),
  cacheMaxMemorySize: 0,
  // A public page is never served from a cache older than this (src/lib/page-cache/lifetimes.mjs).
  expireTime: PAGE_EXPIRE_SECONDS,

  // The locale lives in the path alone, so a page's answer never depends on cookies or
  // Accept-Language and a CDN can cache one copy for everyone. These run inside the server, before
  // any page, without the proxy: /about-us is served by /nl/about-us, and /nl/about-us redirects
  // to /about-us. The browser's language is offered, not imposed (components/language).
  async redirects() {
    return [
      { source: '/nl', destination: '/', permanent: false },
      { source: '/nl/:path*', destination: '/:path*', permanent: false },
    ];
  },
  async rewrites() {
    return {
      beforeFiles: [
        // First: the proxy's unknown posts, vacancies, cases and list pages, to the site's 404 page.
        ...unknownAddressRewrites,
        { source: '/', destination: '/nl' },
        { source: DUTCH_PATH, destination: '/nl/:path' },
      ],
      // After every file and fixed route: an address of one segment with a dot that none of them
      // has (/x.txt) would reach the locale segment as its locale, and the layout's notFound() sends
      // Next's error shell; as a Dutch path it matches no route and gets the site's own 404 page.
      afterFiles: [{ source: '/:file([^/]*\\.[^/]*)', destination: '/nl/:file' }],
    };
  },

  async headers() {
    const headers = securityHeaders({
      supabaseUrl: process.env.NEXT_PUBLIC_SUPABASE_URL,
      siteUrl: process.env.NEXT_PUBLIC_SITE_URL,
    });
    return [
      // Next's hashed build files (scripts, styles, fonts) are not documents: policies about framing,
      // features and content sources do nothing there, and would only add weight to every request.
      { source: '/((?!_next/static/).*)', headers },
      { source: '/_next/static/:path*', headers: assetHeaders },
      // Later entries win for the same header: these keep the no-referrer their handlers set.
      ...NO_REFERRER_PATHS.map((source) => ({ source, headers: noReferrerHeaders })),
    ];
  },
};

export default withNextIntl(nextConfig);
