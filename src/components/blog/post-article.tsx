import { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';
import { LanguageNotice } from '@/components/ui/language-notice';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { BlogPost } from '@/lib/content/blog-posts';

import { PostMeta } from './post-meta';

type PostArticleProps = {
  post: BlogPost;
  /** The body as HTML, sanitized by the renderer (src/lib/content/render-markdown.ts). */
  html: string;
  /** Set when the page's locale has no version and this one is in another language. */
  notice?: string;
};

/** A blog post page: header with meta, the text, and a closing call to action. */
export async function PostArticle({ post, html, notice }: PostArticleProps) {
  const t = await getTranslations('blog.post');
  return (
    <Container className="py-12 md:py-16 lg:py-24">
      <div className="mx-auto max-w-3xl">
        <LocalizedLink href="/blog" className="underline-link text-base text-muted">
          ← {t('back')}
        </LocalizedLink>
        {notice && (
          <div className="mt-8">
            <LanguageNotice text={notice} />
          </div>
        )}
        {/* lang marks the text's own language, which differs from the page's on a fallback. */}
        <article lang={post.locale} className="mt-8">
          <header className="border-b border-line pb-8">
            <h1 className="text-3xl sm:text-4xl md:text-5xl">{post.data.title}</h1>
            <p className="mt-6 text-muted">{post.data.description}</p>
            <PostMeta post={post} className="mt-6" />
          </header>
          <div className="prose-site mt-10 max-w-none" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
        <aside className="mt-16 rounded-2xl bg-fg p-6 text-page md:p-10">
          <h2 className="text-2xl">{t('ctaTitle')}</h2>
          <p className="mt-3 opacity-90">{t('ctaText')}</p>
          <LocalizedLink href="/contact-us?subject=project" className={buttonClass({ variant: 'inverse', className: 'mt-6' })}>
            {t('cta')}
          </LocalizedLink>
        </aside>
      </div>
    </Container>
  );
}
