// Its own module, away from the navigation list: the browser needs this test for every nav link,
// and nothing of the list or the settings it reads.

/** Whether an internal nav target is the current page (a section stays active on its sub-pages). */
export function isActivePath(target: string, pathname: string): boolean {
  if (target === '/') return pathname === '/';
  return pathname === target || pathname.startsWith(`${target}/`);
}
