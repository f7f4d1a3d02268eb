import type { Page } from '@playwright/test';

export type FaintStop = { control: string; mode: 'light' | 'dark'; width: number; contrast: number };

/**
 * Walks the Tab order through `scope` (the page's main by default) in light and in dark mode, and
 * returns every stop whose focus indicator fails WCAG 2.4.13: an outline under 2px, or under 3:1
 * against what it is drawn on (the background around the control: the ring sits outside it).
 * The colour mode is switched on <html> as the theme switch does, so one page load serves both.
 */
export async function faintFocusRings(page: Page, scope = 'main'): Promise<{ stops: number; faint: FaintStop[] }> {
  // Rings are measured at rest, not halfway through a button's colour transition.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let stops = 0;
  const faint: FaintStop[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate(defineMeasure);
    await page.evaluate(
      ([dark, selector]) => {
        document.documentElement.classList.toggle('dark', dark);
        // Tab from the start of the scope: focus it for a moment, as a skip link would.
        const start = document.querySelector<HTMLElement>(selector);
        if (!start) throw new Error(`no ${selector}`);
        start.tabIndex = -1;
        start.focus();
        start.removeAttribute('tabindex');
      },
      [mode === 'dark', scope] as const,
    );
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate((selector) => window.measureFocused?.(selector) ?? null, scope);
      if (stop === null) break;
      stops++;
      if (stop.width < 2 || stop.contrast < 3) faint.push({ ...stop, mode });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  return { stops, faint };
}

declare global {
  interface Window {
    measureFocused?: (selector: string) => { control: string; width: number; contrast: number } | null;
  }
}

/** Installs measureFocused in the page: the focused control's ring width and its contrast with the ground around it. */
function defineMeasure() {
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  // Any CSS colour (rgb, oklab, color-mix results) to straight RGBA, through a 1px canvas.
  const rgba = (colour: string): [number, number, number, number] => {
    if (!context) return [0, 0, 0, 0];
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top: number[], bottom: number[]) => {
    const alpha = top[3] ?? 1;
    return top.slice(0, 3).map((v, i) => v * alpha + (bottom[i] ?? 0) * (1 - alpha));
  };
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  /** The colour behind `node`'s outside: its ancestors' backgrounds, stacked up to the first opaque one. */
  const ground = (node: Element | null): number[] => {
    const layers: number[][] = [];
    for (let at = node?.parentElement ?? null; at; at = at.parentElement) {
      const colour = rgba(getComputedStyle(at).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] >= 1) break;
    }
    return layers.reduceRight<number[]>((below, layer) => over(layer, below), [255, 255, 255]);
  };
  window.measureFocused = (selector) => {
    const el = document.activeElement;
    const scope = document.querySelector(selector);
    if (!el || !scope || el === scope || !scope.contains(el)) return null;
    // Link cards draw the ring around the whole card (see LinkCard).
    const ringed = [el, el.closest('article')].find((node) => node && getComputedStyle(node).outlineStyle !== 'none') ?? el;
    const style = getComputedStyle(ringed);
    const width = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
    const behind = ground(ringed);
    const ring = over(rgba(style.outlineColor), behind);
    const [lighter, darker] = [luminance(ring), luminance(behind)].sort((a, b) => b - a) as [number, number];
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? el.id).trim().replace(/\s+/g, ' ');
    const contrast = Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100;
    return { control: `${el.tagName.toLowerCase()}#${el.id} "${label.slice(0, 40)}"`, width, contrast };
  };
}
