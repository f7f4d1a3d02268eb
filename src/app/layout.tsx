import type { ReactNode } from 'react';

// The real root layout is app/[locale]/layout.tsx, which owns <html lang>. This pass-through
// exists so that app/not-found.tsx can render for requests outside any locale.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
