import type { Metadata } from 'next';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';

import { ContentEditor } from '@/components/content-editor/content-editor';
import { getCharacterCounter } from '@/components/forms/counter-texts';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { Locale } from '@/i18n/routing';
import { caseChoices } from '@/lib/content-editor/case-choices';
import { getEntry } from '@/lib/content-editor/read';
import { editorSession } from '@/lib/content-editor/session';
import type { EditorEntry } from '@/lib/content-editor/types';
import { siteUrl } from '@/lib/env/public';
import { privatePageMetadata } from '@/lib/seo/page-metadata';

import {
  heartbeatAction,
  historyAction,
  leaveAction,
  publishAction,
  restoreAction,
  saveAction,
  saveVersionAction,
  scheduleAction,
  slugAction,
  unpublishAction,
} from '../actions';

type PageProps = { params: Promise<{ locale: Locale; id: string }> };

const session = cache(async (locale: Locale) => editorSession(locale, `/account/content`));

/** The entry, read once per request for both the title and the page. */
const openEntry = cache(async (locale: Locale, id: string) => getEntry(await session(locale), { entryId: id }));

/** The title in the page's language, else the other's, else the address. */
function titleOf(entry: EditorEntry, locale: Locale): string {
  const title = [entry.documents[locale], entry.documents.nl, entry.documents.en]
    .map((document) => document?.frontMatter.title)
    .find((value): value is string => typeof value === 'string' && value !== '');
  return title ?? entry.slug;
}

// The tab's title names the entry, as the heading does (WCAG 2.4.2), not the list's.
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, id } = await params;
  const [t, opened] = await Promise.all([getTranslations({ locale, namespace: 'contentEditor' }), openEntry(locale, id)]);
  return privatePageMetadata(opened.ok ? t('meta.editTitle', { title: titleOf(opened.entry, locale) }) : t('meta.title'));
}

export default async function ContentEditPage({ params }: PageProps) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const [t, messages, opened] = await Promise.all([getTranslations('contentEditor'), getMessages(), openEntry(locale, id)]);

  if (!opened.ok) {
    return (
      <Container className="py-12 md:py-20">
        <LocalizedLink href="/account/content" className="underline-link text-base">
          ← {t('editor.backToList')}
        </LocalizedLink>
        <p role="alert" className="mt-8 text-xl">
          {t('notFound')}
        </p>
      </Container>
    );
  }
  const { entry } = opened;
  const [title120, description220, short80, quote400, tCases, tServices] = await Promise.all([
    getCharacterCounter(120),
    getCharacterCounter(220),
    getCharacterCounter(80),
    getCharacterCounter(400),
    getTranslations('cases.sectors'),
    getTranslations('home.services.items'),
  ]);
  // A case chooses a logo, services and related entries; the home page its cases, the about page its team's photos.
  const choices =
    entry.collection === 'cases' || entry.collection === 'pages'
      ? await caseChoices(await session(locale), entry.id, {
          sector: (key) => tCases(key),
          service: (key) => tServices(`${key}.title`),
        })
      : undefined;

  return (
    <Container className="py-12 md:py-20">
      <ContentEditor
        heading={t('meta.editTitle', { title: titleOf(entry, locale) })}
        entry={entry}
        uiLocale={locale}
        siteUrl={siteUrl}
        counters={{
          title: title120,
          description: description220,
          author: short80,
          authorRole: short80,
          location: short80,
          'client.name': short80,
          'quote.text': quote400,
          'hero.title': title120,
          'intro.title': title120,
        }}
        choices={choices}
        texts={{ ...messages.contentEditor.editor, status: messages.contentEditor.status }}
        actions={{
          save: saveAction.bind(null, locale),
          saveVersion: saveVersionAction.bind(null, locale),
          publish: publishAction.bind(null, locale),
          schedule: scheduleAction.bind(null, locale),
          unpublish: unpublishAction.bind(null, locale),
          history: historyAction.bind(null, locale),
          restore: restoreAction.bind(null, locale),
          changeSlug: slugAction.bind(null, locale),
          heartbeat: heartbeatAction.bind(null, locale),
          leave: leaveAction.bind(null, locale),
        }}
      />
    </Container>
  );
}
