'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import type { ComponentProps } from 'react';

import { useScriptNonce } from '@/components/security/use-script-nonce';

/** next-themes' provider, with the page's nonce on the inline script that applies the stored theme before paint. */
export function ThemeProvider(props: Omit<ComponentProps<typeof NextThemesProvider>, 'nonce'>) {
  return <NextThemesProvider {...props} nonce={useScriptNonce()} />;
}
