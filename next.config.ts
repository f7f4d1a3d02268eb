import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Lets several builds of one checkout live side by side (e.g. a bench beside the e2e server).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Blog posts and vacancies are read from content/ when pages are (re)generated; hosts that
  // trace which files a server needs (e.g. Vercel) must ship that folder too.
  outputFileTracingIncludes: { '/*': ['./content/**/*'] },
  // Spec §9 image constants, written out rather than left to Next's defaults; 75 is the default (and only) quality.
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
};

export default withNextIntl(nextConfig);
