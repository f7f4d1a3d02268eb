'use client';

import { useEffect, useRef, type RefObject } from 'react';

import { isSubject, limits } from '@/lib/contact/contact-fields';

/**
 * `?subject=project` (a post's call to action) or `?subject=vacancy&vacancy=<slug>` (links from
 * vacancies) preselects the form; the vacancy field then shows the vacancy's title, or the text as
 * given. The page is static, one HTML for every query, so the query is applied once the form is
 * hydrated, and only to a field the visitor has not changed yet: what they typed comes first.
 * Not `useSearchParams`: on a static page that renders its component on the client only, and the
 * form would be missing from the HTML.
 */
export function usePreselectFromQuery(formRef: RefObject<HTMLFormElement | null>, vacancyTitles: Readonly<Record<string, string>>): void {
  // Once per visit of the page: after an answer from the server the fields hold what was sent.
  const applied = useRef(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form || applied.current) return;
    applied.current = true;
    const query = new URLSearchParams(window.location.search);
    const subject = query.get('subject');
    const select = form.elements.namedItem('subject');
    if (isSubject(subject) && select instanceof HTMLSelectElement && untouched(select)) select.value = subject;

    const slug = query.get('vacancy');
    const vacancy = form.elements.namedItem('vacancy');
    if (slug && vacancy instanceof HTMLInputElement && vacancy.value === vacancy.defaultValue) {
      const title = Object.hasOwn(vacancyTitles, slug) ? vacancyTitles[slug] : undefined;
      vacancy.value = title ?? slug.slice(0, limits.vacancy.max);
    }
  }, [formRef, vacancyTitles]);
}

function untouched(select: HTMLSelectElement): boolean {
  return Array.from(select.options).every((option) => option.selected === option.defaultSelected);
}
