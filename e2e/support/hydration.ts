import type { Browser, Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page. A prerendered page runs its scripts after its first
 * paint (src/lib/static-pages/scripts-after-first-paint.mjs), so the browser's `load` event, which
 * `page.goto` waits for, can come before them; a click in between would find a button with no
 * handler yet. React marks a DOM node as its own when it has hydrated the node and everything in
 * it, so the body carrying React's mark means the page's buttons have their handlers.
 */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-chunks-after-paint]') === null ||
      // Scripting off (a context without JavaScript): the browser then parses <noscript> content
      // as elements, and nothing will ever hydrate.
      [...document.querySelectorAll('noscript')].some((element) => element.children.length > 0) ||
      Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')),
  );
}

const patched = new WeakSet<Page>();

/** Makes `page.goto` and `page.reload` return once the page they load has hydrated. */
export function gotoHydrated(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}

/**
 * Every page of every context a test opens itself (`browser.newContext()`) waits the same way, so a
 * spec that sets up its own visitor cannot click before hydration either. Without JavaScript nothing
 * hydrates: such a context is left as it is.
 */
export function hydratedContexts(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    if (args[0]?.javaScriptEnabled !== false) context.on('page', gotoHydrated);
    return context;
  };
}
