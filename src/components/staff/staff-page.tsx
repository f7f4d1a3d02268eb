import { useId, type ReactNode } from 'react';

import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';

/** Where a staff page's back link leads, and what it says. */
export type StaffBackLink = { href: string; label: string };

function StaffPageFrame({ back, children }: { back: StaffBackLink; children: ReactNode }) {
  return (
    <Container className="py-12 md:py-20">
      <LocalizedLink href={back.href} className="underline-link text-base">
        ← {back.label}
      </LocalizedLink>
      {children}
    </Container>
  );
}

type StaffPageProps = { back: StaffBackLink; title: string; intro: string; children: ReactNode };

/** The frame of a staff list or tool page: the way back, the page's heading and what it is for, then its content. */
export function StaffPage({ back, title, intro, children }: StaffPageProps) {
  return (
    <StaffPageFrame back={back}>
      <h1 className="mt-6 text-3xl md:text-5xl">{title}</h1>
      <p className="mt-4 mb-10 max-w-3xl text-muted">{intro}</p>
      {children}
    </StaffPageFrame>
  );
}

type StaffDetailPageProps = {
  back: StaffBackLink;
  /** Said in place of the record when there is none to show: a wrong id, or a record deleted or out of reach. */
  notFound: string;
  className?: string;
  /** The record's view, which carries its own heading; nothing when there is no record. */
  children: ReactNode;
};

/** The frame of one record's page (a message, an application): the way back to the list, then the record. */
export function StaffDetailPage({ back, notFound, className = '', children }: StaffDetailPageProps) {
  return (
    <StaffPageFrame back={back}>
      <div className={`mt-8 ${className}`}>
        {children || (
          <p role="alert" className="text-xl">
            {notFound}
          </p>
        )}
      </div>
    </StaffPageFrame>
  );
}

type StaffRecordProps = { title: string; badge: ReactNode; className?: string; children: ReactNode };

/** One record in full (a message, an application): its heading beside its state, then the record, labelled by that heading. */
export function StaffRecord({ title, badge, className = '', children }: StaffRecordProps) {
  const id = useId();
  return (
    <article aria-labelledby={id} className={`grid ${className}`}>
      <header className="flex flex-wrap items-center gap-4">
        <h1 id={id} className="text-3xl md:text-4xl">
          {title}
        </h1>
        {badge}
      </header>
      {children}
    </article>
  );
}

/** Said where a staff page's data could not be read; announced, as the page is otherwise empty. */
export function StaffLoadFailed({ children }: { children: ReactNode }) {
  return <p role="alert">{children}</p>;
}
