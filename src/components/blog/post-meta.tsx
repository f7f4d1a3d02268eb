import { getLocale, getTranslations } from 'next-intl/server';
import type { BlogPost } from '@/lib/content/blog-posts';
import { formatDay } from '@/lib/content/locale-format';

/** Author, publication date (as the page's locale writes it) and reading time. */
export async function PostMeta({ post, className = '' }: { post: BlogPost; className?: string }) {
  const locale = await getLocale();
  const t = await getTranslations('blog.post');
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted ${className}`}>
      <span>{t('by', { author: post.data.author })}</span>
      {/* Date and reading time wrap together, so a narrow card never ends a line on a dot. */}
      <span className="flex items-center gap-x-3 whitespace-nowrap">
        <time dateTime={post.data.date}>{formatDay(post.data.date, locale)}</time>
        <span aria-hidden="true">·</span>
        <span>{t('readingTime', { minutes: post.readingMinutes })}</span>
      </span>
    </p>
  );
}
