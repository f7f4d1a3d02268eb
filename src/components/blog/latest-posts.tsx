import { getLocale, getTranslations } from 'next-intl/server';

import { cardGrid } from '@/components/ui/card-grid';
import { Container } from '@/components/ui/container';
import { ListHeading } from '@/components/ui/list-heading';
import { getPostsIn } from '@/lib/content/blog-posts';

import { PostCard } from './post-card';

/** For the home page: the three newest posts of the request locale as cards (in a preview, of the working copies). */
export async function LatestPosts({ preview = false }: { preview?: boolean }) {
  const locale = await getLocale();
  const t = await getTranslations('blog.latest');
  const posts = (await getPostsIn(locale, preview)).slice(0, 3);
  if (posts.length === 0) return null;

  return (
    <Container as="section" aria-labelledby="latest-posts-title" className="py-16 md:py-24">
      <ListHeading id="latest-posts-title" title={t('title')} href="/blog" all={t('all')} />
      <ul className={`mt-10 ${cardGrid}`}>
        {posts.map((post) => (
          <li key={post.slug} className="flex">
            <PostCard post={post} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </Container>
  );
}
