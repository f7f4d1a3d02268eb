// Paging through the staff inbox: which rows a page holds and which page links to show.

/** Messages per inbox page. */
export const INBOX_PAGE_SIZE = 50;

/** Pages are numbered from 1 in `?page=`; absent means the first. Anything else is no page. */
export function parseInboxPage(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,5}$/.test(value)) return undefined;
  return Number(value);
}

/** The inclusive row range of a page, as PostgREST's range() takes it. */
export function pageRange(page: number): { from: number; to: number } {
  const from = (page - 1) * INBOX_PAGE_SIZE;
  return { from, to: from + INBOX_PAGE_SIZE - 1 };
}

export function pageCountFor(total: number): number {
  return Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
}

/** The inbox path of a page (without locale); page 1 is the inbox itself. */
export function inboxPagePath(page: number): string {
  return page === 1 ? '/account/messages' : `/account/messages?page=${page}`;
}
