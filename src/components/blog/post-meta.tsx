import { getLocale, getTranslations } from 'next-intl/server';

import type { BlogPost } from '@/lib/content/blog-posts';
import { formatDay } from '@/lib/locale-format';

/**
 * Author, publication date (as the page's locale writes it) and reading time. It is written in the
 * page's language, so it says so: on a fallback it sits inside a post in the other language.
 */
export async function PostMeta({ post, className = '' }: { post: BlogPost; className?: string }) {
  const locale = await getLocale();
  const t = await getTranslations('blog.post');
  return (
    <p lang={locale} className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted ${className}`}>
      <span>{t('by', { author: post.data.author })}</span>
      <time dateTime={post.data.date}>{formatDay(post.data.date, locale)}</time>
      {/* The dot goes with the reading time, so a wrapped line starts with it and never ends on it;
          each part may still wrap on its own when text spacing is increased (WCAG 1.4.12). */}
      <span className="flex items-center gap-x-3">
        <span aria-hidden="true">·</span>
        <span>{t('readingTime', { minutes: post.readingMinutes })}</span>
      </span>
    </p>
  );
}
