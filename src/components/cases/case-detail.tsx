import { getTranslations } from 'next-intl/server';

import { PostCard } from '@/components/blog/post-card';
import { buttonClass } from '@/components/ui/button-styles';
import { cardGrid } from '@/components/ui/card-grid';
import { Container } from '@/components/ui/container';
import { LanguageNotice } from '@/components/ui/language-notice';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { BlogPost } from '@/lib/content/blog-posts';
import type { CaseStudy } from '@/lib/content/case-studies';
import type { ContentImage } from '@/lib/content-images/variants';

import { CaseClientLine } from './case-client-line';
import { CaseFacts } from './case-facts';
import { CaseList } from './case-list';
import { CaseLogo } from './case-logo';

type CaseDetailProps = {
  study: CaseStudy;
  /** The story as HTML, sanitized by the renderer (src/lib/content/render-markdown.ts). */
  html: string;
  /** The case's own logo and the related cases' logos, by folder. */
  logos: ReadonlyMap<string, ContentImage>;
  related: readonly CaseStudy[];
  /** The published blog posts the case names, as the locale shows them. */
  posts: readonly BlogPost[];
  /** Set when the page's locale has no version and this one is in another language. */
  notice?: string;
};

/** A case study's page: the client and the facts, the key figures, the story, the client's words and what to read next. */
export async function CaseDetail({ study, html, logos, related, posts, notice }: CaseDetailProps) {
  const t = await getTranslations('cases.detail');
  const { data } = study;
  const { client, quote, figures } = data;
  const logo = !client.anonymous && client.logo ? logos.get(client.logo) : undefined;

  return (
    <>
      <Container as="article" className="py-12 md:py-16 lg:py-24">
        <LocalizedLink href="/cases" className="underline-link text-base text-muted">
          ← {t('back')}
        </LocalizedLink>
        {notice && (
          <div className="mt-8">
            <LanguageNotice text={notice} />
          </div>
        )}
        {/* lang marks the text's own language, which differs from the page's on a fallback. */}
        <header className="mt-8 max-w-4xl" lang={study.locale}>
          {logo && client.logoAlt && (
            <div className="mb-8 inline-grid h-20 place-items-center rounded-2xl bg-white px-6 py-3">
              <CaseLogo image={logo} alt={client.logoAlt} sizes="12rem" className="max-h-14 w-auto max-w-48 object-contain" />
            </div>
          )}
          <CaseClientLine client={client} className="text-base" />
          <h1 className="mt-4 text-3xl sm:text-4xl md:text-5xl">{data.title}</h1>
          <p className="mt-6 text-muted">{data.description}</p>
          <CaseFacts data={data} className="mt-8 border-y border-line py-6" />
        </header>

        {figures.length > 0 && (
          <section aria-labelledby="case-figures" className="mt-12" lang={study.locale}>
            <h2 id="case-figures" className="sr-only">
              {t('figuresTitle')}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-3">
              {figures.map((figure) => (
                <li key={`${figure.value} ${figure.label}`} className="flex flex-col gap-2 rounded-2xl bg-raised p-6">
                  <span className="text-4xl font-semibold md:text-5xl">{figure.value}</span>
                  <span className="text-base text-muted">{figure.label}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
          <div className="prose-site max-w-none" lang={study.locale} dangerouslySetInnerHTML={{ __html: html }} />
          {quote && (
            <aside aria-labelledby="case-quote" className="self-start lg:sticky lg:top-[calc(var(--spacing-header)+2rem)]">
              <h2 id="case-quote" className="sr-only">
                {t('quoteTitle')}
              </h2>
              {/* A quotation, not a review: nothing here is marked up for search engines. */}
              <figure lang={study.locale} className="rounded-2xl bg-fg p-6 text-page md:p-8">
                <blockquote className="text-xl leading-snug md:text-2xl">
                  <p>“{quote.text}”</p>
                </blockquote>
                <figcaption className="mt-6 text-base">
                  <span className="block font-semibold">{quote.name}</span>
                  <span className="block opacity-90">{quote.role}</span>
                </figcaption>
              </figure>
            </aside>
          )}
        </div>
      </Container>

      {related.length > 0 && (
        <Container as="section" aria-labelledby="related-cases" className="border-t border-line py-12 md:py-16">
          <h2 id="related-cases" className="text-2xl md:text-3xl">
            {t('relatedTitle')}
          </h2>
          <CaseList cases={related} logos={logos} className="mt-8" />
        </Container>
      )}

      {posts.length > 0 && (
        <Container as="section" aria-labelledby="case-posts" className="border-t border-line py-12 md:py-16">
          <h2 id="case-posts" className="text-2xl md:text-3xl">
            {t('postsTitle')}
          </h2>
          <ul className={`mt-8 ${cardGrid}`}>
            {posts.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </Container>
      )}

      <Container className="pb-16 md:pb-24">
        <aside aria-labelledby="case-cta" className="rounded-2xl bg-fg p-6 text-page md:p-10">
          <h2 id="case-cta" className="text-2xl">
            {t('ctaTitle')}
          </h2>
          <p className="mt-3 opacity-90">{t('ctaText')}</p>
          <LocalizedLink href="/contact-us?subject=project" className={buttonClass({ variant: 'inverse', className: 'mt-6' })}>
            {t('cta')}
          </LocalizedLink>
        </aside>
      </Container>
    </>
  );
}
