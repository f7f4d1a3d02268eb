import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { CreateEntryForm } from '@/components/content-editor/create-entry-form';
import { EntryList } from '@/components/content-editor/entry-list';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { Locale } from '@/i18n/routing';
import { listEntries } from '@/lib/content-editor/read';
import { editorSession } from '@/lib/content-editor/session';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

import { createEntryAction } from './actions';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'contentEditor.meta' });
  return privatePageMetadata(t('title'));
}

export default async function ContentListPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const editor = await editorSession(locale, '/account/content');
  const [t, blog, vacancies, cases, pages] = await Promise.all([
    getTranslations('contentEditor'),
    listEntries(editor, { collection: 'blog' }),
    listEntries(editor, { collection: 'vacancies' }),
    listEntries(editor, { collection: 'cases' }),
    listEntries(editor, { collection: 'pages' }),
  ]);

  return (
    <Container className="py-12 md:py-20">
      <LocalizedLink href="/account" className="underline-link text-base">
        ← {t('list.backToAccount')}
      </LocalizedLink>
      <h1 className="mt-6 text-3xl md:text-5xl">{t('list.title')}</h1>
      <p className="mt-4 max-w-3xl text-muted">{t('list.intro')}</p>
      <EntryList collection="vacancies" entries={vacancies.ok ? vacancies.entries : null} />
      <EntryList collection="blog" entries={blog.ok ? blog.entries : null} />
      <EntryList collection="cases" entries={cases.ok ? cases.entries : null} />
      <EntryList collection="pages" entries={pages.ok ? pages.entries : null} intro={t('list.pagesIntro')} />
      <div className="mt-14 max-w-3xl">
        <AccountSection title={t('create.title')} intro={t('create.intro')}>
          <CreateEntryForm
            action={createEntryAction.bind(null, locale)}
            texts={{
              collection: t('create.collection'),
              collections: {
                blog: t('list.collections.blog'),
                vacancies: t('list.collections.vacancies'),
                cases: t('list.collections.cases'),
              },
              slug: t('create.slug'),
              slugHint: t('create.slugHint'),
              submit: t('create.submit'),
              pending: t('create.pending'),
              errors: {
                required: t('create.errors.required'),
                invalid: t('create.errors.invalid'),
                slugTaken: t('create.errors.slugTaken'),
                failed: t('create.errors.failed'),
              },
            }}
          />
        </AccountSection>
      </div>
    </Container>
  );
}
