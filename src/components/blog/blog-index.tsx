import { getLocale, getTranslations } from 'next-intl/server';

import { PreviewBar } from '@/components/content/preview-bar';
import { PageIntro } from '@/components/pages/page-intro';
import { cardGrid } from '@/components/ui/card-grid';
import { Container } from '@/components/ui/container';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { withLocale } from '@/i18n/locale-path';
import type { BlogPost } from '@/lib/content/blog-posts';
import { pagePath, type Page } from '@/lib/content/pagination';

import { PostCard } from './post-card';

/** One page of the blog list: the intro, the posts as cards, the pages and the RSS link; in a preview, with its bar. */
export async function BlogIndex({ listPage, preview }: { listPage: Page<BlogPost>; preview: boolean }) {
  const locale = await getLocale();
  const t = await getTranslations('blog');
  const { items, page, pageCount } = listPage;

  return (
    <>
      {preview && <PreviewBar path={withLocale(pagePath('/blog', page), locale)} />}
      <PageIntro title={page === 1 ? t('intro.title') : t('list.pageTitle', { page })} text={t('intro.text')}>
        {/* A plain <a>: the feed is a file, not a page for the client router. */}
        <a href={withLocale('/blog/rss.xml', locale)} className="underline-link inline-flex items-center gap-2 text-base font-semibold">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
            <path d="M4 4a16 16 0 0 1 16 16h-3A13 13 0 0 0 4 7V4Zm0 6a10 10 0 0 1 10 10h-3a7 7 0 0 0-7-7v-3Zm2 6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z" />
          </svg>
          {t('list.rss')}
        </a>
      </PageIntro>
      <Container as="section" aria-labelledby="post-list-title" className="pb-16 md:pb-24 lg:pb-32">
        <h2 id="post-list-title" className="sr-only">
          {t('list.title')}
        </h2>
        {items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-6 py-12 text-center text-muted">{t('list.empty')}</p>
        ) : (
          <ul className={cardGrid}>
            {items.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} headingLevel="h3" />
              </li>
            ))}
          </ul>
        )}
        <PaginationNav
          page={page}
          pageCount={pageCount}
          label={t('pagination.label')}
          pathOf={(n) => pagePath('/blog', n)}
          className="mt-12 justify-center text-center"
        />
      </Container>
    </>
  );
}
