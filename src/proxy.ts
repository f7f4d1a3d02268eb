import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './i18n/routing';

const handleI18nRouting = createMiddleware(routing);

export default function proxy(request: NextRequest) {
  return handleI18nRouting(request);
}

export const config = {
  // Everything except Next internals, API-style routes and files with an extension.
  matcher: '/((?!api|_next|_vercel|.*\\..*).*)',
};
