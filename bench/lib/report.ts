/**
 * Turns bench results into the text the issue asks for: a table per
 * page + locale, then one PASS/MISS line per target. Reporting only — a miss
 * never changes the exit code.
 */
import type { PageResult } from './results';

interface Target {
  label: string;
  /** The measured value as shown in the MISS list, or null if not measured. */
  value: (r: PageResult) => number | null;
  ok: (v: number) => boolean;
  format: (v: number) => string;
}

const score = (v: number): string => v.toFixed(2);
const ms = (v: number): string => String(Math.round(v));
/** CLS must be exactly 0; show tiny non-zero shifts instead of rounding them away. */
const cls = (v: number): string => (v === 0 ? '0' : v < 0.001 ? '<0.001' : v.toFixed(3));
const kb = (v: number): string => v.toFixed(1);

export const TARGETS: Target[] = [
  { label: 'performance ≥ 0.98', value: (r) => r.median.scores.performance, ok: (v) => v >= 0.98, format: score },
  { label: 'accessibility = 1', value: (r) => r.median.scores.accessibility, ok: (v) => v === 1, format: score },
  { label: 'SEO = 1', value: (r) => r.median.scores.seo, ok: (v) => v === 1, format: score },
  { label: 'best practices = 1', value: (r) => r.median.scores['best-practices'], ok: (v) => v === 1, format: score },
  { label: 'CLS = 0', value: (r) => r.median.cls, ok: (v) => v === 0, format: cls },
  { label: 'TBT ≤ 150 ms', value: (r) => r.median.tbtMs, ok: (v) => v <= 150, format: ms },
  { label: 'first-load JS ≤ 190 KB gz', value: (r) => r.firstLoadJs?.gzipKb ?? null, ok: (v) => v <= 190, format: kb },
];

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length))) ?? [];
  // Left-align the text columns (page, locale), right-align the numbers.
  const line = (r: string[]): string =>
    r.map((cell, col) => (col < 2 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  ');
  const [header, ...body] = rows;
  return [line(header ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** Page path as shown in the report, without the origin (which changes every run). */
const pathOf = (url: string): string => new URL(url).pathname;

const show = (v: number | null, format: (v: number) => string): string => (v === null ? '—' : format(v));

export function formatReport(results: PageResult[], runsPerPage: number): string {
  const out: string[] = [];
  out.push(`Lighthouse mobile, median of ${runsPerPage} runs; first-load JS = /_next/ scripts, gzip -9`);
  out.push('');
  out.push(
    table([
      ['page', 'locale', 'perf', 'a11y', 'best-pr', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'JS KB gz'],
      ...results.map((r) => [
        r.path,
        r.locale,
        show(r.median.scores.performance, score),
        show(r.median.scores.accessibility, score),
        show(r.median.scores['best-practices'], score),
        show(r.median.scores.seo, score),
        show(r.median.lcpMs, ms),
        show(r.median.tbtMs, ms),
        show(r.median.cls, cls),
        show(r.firstLoadJs?.gzipKb ?? null, kb),
      ]),
    ]),
  );

  out.push('', 'Targets:');
  for (const target of TARGETS) {
    const misses = results.filter((r) => {
      const v = target.value(r);
      return v === null || !target.ok(v);
    });
    const status = misses.length === 0 ? 'PASS' : 'MISS';
    const detail =
      misses.length === 0
        ? `(${results.length}/${results.length} pages)`
        : `— ${misses.length}/${results.length} pages miss: ` +
          misses.map((r) => `${pathOf(r.url)} (${show(target.value(r), target.format)})`).join(', ');
    out.push(`  ${status}  ${target.label} ${detail}`);
  }

  // Which audits cost points, so whoever builds the pages knows what to fix.
  const audits = new Map<string, { title: string; pages: string[]; values: Set<string>; why: Set<string> }>();
  for (const r of results) {
    for (const a of r.failedAudits) {
      const key = `${a.category}/${a.id}`;
      const entry = audits.get(key) ?? { title: a.title, pages: [], values: new Set<string>(), why: new Set<string>() };
      entry.pages.push(pathOf(r.url));
      if (a.displayValue) entry.values.add(a.displayValue);
      for (const why of [a.explanation, ...a.examples]) if (why) entry.why.add(why.replace(/\s+/g, ' '));
      audits.set(key, entry);
    }
  }
  if (audits.size > 0) {
    out.push('', 'Failed audits (in at least one run; details in the JSON):');
    for (const [key, a] of audits) {
      const where = a.pages.length === results.length ? `all ${results.length} pages` : a.pages.join(', ');
      const values = [...a.values];
      const shown = values.length > 3 ? [...values.slice(0, 3), '…'] : values;
      out.push(`  ${key} — ${a.title}: ${where}${shown.length ? ` [${shown.join('; ')}]` : ''}`);
      // The reasons differ per page mostly by host/path; two examples are enough to act on.
      for (const why of [...a.why].slice(0, 2)) out.push(`      ↳ ${why.length > 160 ? `${why.slice(0, 157)}…` : why}`);
    }
  }

  const errors = results.flatMap((r) => r.errors.map((e) => `  ${r.url}: ${e}`));
  if (errors.length > 0) out.push('', 'Errors:', ...errors);
  return out.join('\n');
}
