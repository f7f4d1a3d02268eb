import { getLocale, getTranslations } from 'next-intl/server';

import { cardGrid } from '@/components/ui/card-grid';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import { getPostsIn } from '@/lib/content/blog-posts';

import { PostCard } from './post-card';

/** For the home page: the three newest posts of the request locale as cards. */
export async function LatestPosts() {
  const locale = await getLocale();
  const t = await getTranslations('blog.latest');
  const posts = (await getPostsIn(locale)).slice(0, 3);
  if (posts.length === 0) return null;

  return (
    <Container as="section" aria-labelledby="latest-posts-title" className="py-16 md:py-24">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="latest-posts-title" className="text-3xl md:text-4xl">
          {t('title')}
        </h2>
        <LocalizedLink href="/blog" className="underline-link text-base font-semibold">
          {t('all')} →
        </LocalizedLink>
      </div>
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
