import { getTranslations } from 'next-intl/server';

import { LinkCard } from '@/components/ui/link-card';
import type { BlogPost } from '@/lib/content/blog-posts';

import { PostMeta } from './post-meta';

type PostCardProps = { post: BlogPost; headingLevel?: 'h2' | 'h3' };

/** A post in a list; the title link covers the whole card. */
export async function PostCard({ post, headingLevel = 'h2' }: PostCardProps) {
  const t = await getTranslations('blog.list');
  return (
    <LinkCard
      href={`/blog/${post.slug}`}
      title={post.data.title}
      headingLevel={headingLevel}
      eyebrow={
        post.data.tags.length > 0 && (
          <p className="text-xs font-semibold tracking-widest text-muted uppercase">{post.data.tags.join(' · ')}</p>
        )
      }
    >
      <p className="text-base text-muted">{post.data.description}</p>
      <PostMeta post={post} className="mt-auto pt-2" />
      <span aria-hidden="true" className="text-base font-semibold">
        {t('readMore')} <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
      </span>
    </LinkCard>
  );
}
