import type { ReactNode } from 'react';

import { Container } from '@/components/ui/container';

type PageIntroProps = {
  title: string;
  text: string;
  eyebrow?: string;
  /** A call to action under the text. */
  children?: ReactNode;
};

/** The opening of every page: its one <h1> and a short introduction. */
export function PageIntro({ title, text, eyebrow, children }: PageIntroProps) {
  return (
    <Container as="section" className="py-16 md:py-24 lg:py-32">
      {eyebrow && <p className="mb-4 text-sm font-semibold tracking-widest text-muted uppercase">{eyebrow}</p>}
      <h1 className="max-w-4xl text-4xl md:text-5xl lg:text-6xl">{title}</h1>
      <p className="mt-6 max-w-3xl text-muted md:mt-8">{text}</p>
      {children && <div className="mt-10">{children}</div>}
    </Container>
  );
}
