import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's violations on the page (or the part `include` selects), one readable line each. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  return (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
