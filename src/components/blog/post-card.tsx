import { getTranslations } from 'next-intl/server';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { BlogPost } from '@/lib/content/blog-posts';
import { PostMeta } from './post-meta';

type PostCardProps = { post: BlogPost; headingLevel?: 'h2' | 'h3' };

/** A post in a list; the title link covers the whole card. */
export async function PostCard({ post, headingLevel: Heading = 'h2' }: PostCardProps) {
  const t = await getTranslations('blog.list');
  return (
    <article className="group relative flex w-full flex-col gap-4 rounded-2xl border border-line bg-raised p-6 transition-colors hover:border-fg has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-fg md:p-8">
      {post.data.tags.length > 0 && (
        <p className="text-xs font-semibold tracking-widest text-muted uppercase">{post.data.tags.join(' · ')}</p>
      )}
      <Heading className="text-xl md:text-2xl">
        {/* The ::after overlay stretches the link over the card without wrapping the card in a link. */}
        <LocalizedLink href={`/blog/${post.slug}`} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
          {post.data.title}
        </LocalizedLink>
      </Heading>
      <p className="text-base text-muted">{post.data.description}</p>
      <PostMeta post={post} className="mt-auto pt-2" />
      <span aria-hidden="true" className="text-base font-semibold">
        {t('readMore')} <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
      </span>
    </article>
  );
}
