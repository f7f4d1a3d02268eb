import type { ReactNode } from 'react';

/** The page heading and introduction every auth screen opens with. */
export function AuthHeading({ title, intro }: { title: string; intro: ReactNode }) {
  return (
    <>
      <h1 className="text-3xl md:text-4xl">{title}</h1>
      <p className="mt-3 text-base text-muted">{intro}</p>
    </>
  );
}
