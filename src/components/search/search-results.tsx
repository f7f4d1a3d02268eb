import { getTranslations } from 'next-intl/server';

import { MAX_SEARCH_RESULTS, type SearchResult } from '@/lib/search/search-content';

import { HighlightedPassage } from './highlighted-passage';

/** The results of a query, best first, or the empty state when nothing matched. */
export async function SearchResults({ query, results }: { query: string; results: SearchResult[] }) {
  const t = await getTranslations('search');
  if (results.length === 0) {
    return (
      <div role="status" className="border-t border-line pt-8">
        <h2 className="text-2xl">{t('empty.title', { query })}</h2>
        <p className="mt-4 max-w-2xl text-muted">{t('empty.text')}</p>
      </div>
    );
  }
  // The database answers at most MAX_SEARCH_RESULTS: that many found is no count, but the best of more (copy review 3, F28).
  const limited = results.length >= MAX_SEARCH_RESULTS;
  return (
    <section aria-labelledby="search-results-title" className="border-t border-line pt-8">
      <h2 id="search-results-title" className="text-2xl">
        {t(limited ? 'results.limited' : 'results.title', { count: results.length, query })}
      </h2>
      {limited && <p className="mt-4 max-w-2xl text-muted">{t('results.narrow')}</p>}
      <ol className="mt-8 flex flex-col gap-10">
        {results.map((result) => (
          <li key={result.href}>
            <p className="text-sm font-semibold tracking-widest text-muted uppercase">
              {result.closed ? t('collection.vacanciesClosed') : t(`collection.${result.collection}`)}
            </p>
            <h3 className="mt-2 text-xl">
              <a href={result.href} className="underline-link">
                {result.title}
              </a>
            </h3>
            <p className="mt-2">{result.description}</p>
            <HighlightedPassage parts={result.passage} />
          </li>
        ))}
      </ol>
    </section>
  );
}
