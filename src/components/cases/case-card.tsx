import { LocalizedLink } from '@/components/ui/localized-link';
import type { CaseStudy } from '@/lib/content/case-studies';
import type { ContentImage } from '@/lib/content-images/variants';

import { CaseClientLine } from './case-client-line';
import { CaseLogo } from './case-logo';
import { CasePattern } from './case-pattern';

type CaseCardProps = {
  study: CaseStudy;
  /** The client's logo, when the case names one the library shows. */
  logo?: ContentImage;
  headingLevel?: 'h2' | 'h3';
};

/**
 * A case study as a card: the logo (or the sector's motif), the client, the title, the summary and
 * the first key figure. The title's link covers the whole card, as LinkCard's does.
 */
export function CaseCard({ study, logo, headingLevel: Heading = 'h3' }: CaseCardProps) {
  const { data } = study;
  const figure = data.figures[0];
  const headingId = `case-${study.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      lang={study.locale}
      className="group relative flex h-full flex-col rounded-3xl bg-raised p-4 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-fg lg:p-5"
    >
      {logo && data.client.logoAlt ? (
        <div className="grid aspect-[8/3] place-items-center rounded-[20px] bg-white p-6">
          <CaseLogo image={logo} alt={data.client.logoAlt} sizes="12rem" className="max-h-full w-auto max-w-[60%] object-contain" />
        </div>
      ) : (
        <CasePattern sector={data.client.sector} />
      )}
      <div className="flex grow flex-col px-2 pt-6 pb-2 lg:px-3">
        <CaseClientLine client={data.client} />
        <Heading id={headingId} className="mt-3 text-xl lg:text-2xl">
          <LocalizedLink
            href={`/cases/${study.slug}`}
            className="group-hover:underline after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-none"
          >
            {data.title}
          </LocalizedLink>
        </Heading>
        <p className="mt-3 grow text-base text-muted">{data.description}</p>
        {figure && (
          <p className="mt-6 flex items-baseline gap-3 border-t border-line pt-5">
            <span className="text-4xl font-semibold">{figure.value}</span>
            <span className="text-base text-muted">{figure.label}</span>
          </p>
        )}
      </div>
    </article>
  );
}
