/**
 * Turns bench results into the text the issue asks for: a table per
 * page + locale, then one PASS/MISS line per target. Reporting only — a miss
 * never changes the exit code.
 */
import { FIRST_ROUND_TRIP_BYTES } from './document-bytes';
import { medianOf, pairedRatio, type CpuSplit, type LoadRun, type MemoryPoint, type Throughput, type ThroughputOptions } from './load';
import { median, type PageResult, type PeerResult, type Summary } from './results';

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

/** ours / peer, or null when either is missing. */
export function ratio(ours: number | null | undefined, peer: number | null | undefined): number | null {
  if (ours === null || ours === undefined || peer === null || peer === undefined || peer === 0) return null;
  return ours / peer;
}

// As the issue measures it: script bytes Lighthouse saw transferred, which include the chunks a
// page loads after its HTML; the HTML-derived gzip -9 figure misses those (more so for the peer).
const jsRatio = (r: PageResult): number | null =>
  ratio(r.median.jsTransferKb, r.peer?.median.jsTransferKb) ?? ratio(r.firstLoadJs?.gzipKb, r.peer?.firstLoadJs?.gzipKb);
const tbtRatio = (r: PageResult): number | null => ratio(r.median.tbtMs, r.peer?.median.tbtMs);
const times = (v: number): string => `${v.toFixed(2)}×`;
const cpu = (v: number): string => v.toFixed(2);

export const TARGETS: Target[] = [
  // Issue 11: the visitor's side stays ahead of the seed-style peer on every public page.
  { label: 'first-load JS ≤ 0.5× the peer', value: jsRatio, ok: (v) => v <= 0.5, format: times },
  { label: 'TBT ≤ 0.3× the peer', value: tbtRatio, ok: (v) => v <= 0.3, format: times },
  { label: 'performance ≥ 0.98', value: (r) => r.median.scores.performance, ok: (v) => v >= 0.98, format: score },
  { label: 'accessibility = 1', value: (r) => r.median.scores.accessibility, ok: (v) => v === 1, format: score },
  { label: 'SEO = 1', value: (r) => r.median.scores.seo, ok: (v) => v === 1, format: score },
  { label: 'best practices = 1', value: (r) => r.median.scores['best-practices'], ok: (v) => v === 1, format: score },
  { label: 'CLS = 0', value: (r) => r.median.cls, ok: (v) => v === 0, format: cls },
  { label: 'TBT ≤ 150 ms', value: (r) => r.median.tbtMs, ok: (v) => v <= 150, format: ms },
  { label: 'first-load JS ≤ 190 KB gz', value: (r) => r.firstLoadJs?.gzipKb ?? null, ok: (v) => v <= 190, format: kb },
  // The limit: the same HTML with every script removed (lib/script-free.ts), under both conditions.
  {
    label: 'LCP ≤ 1.15× the script-free page',
    value: (r) => ratio(r.median.lcpMs, r.limit?.median.lcpMs),
    ok: (v) => v <= 1.15,
    format: times,
  },
  {
    label: 'LCP ≤ 1.15× the script-free page, slow',
    value: (r) => ratio(r.slow.lcpMs, r.limit?.slow.lcpMs),
    ok: (v) => v <= 1.15,
    format: times,
  },
  {
    label: 'performance ≥ 0.97× the script-free page',
    value: (r) => ratio(r.median.scores.performance, r.limit?.median.scores.performance),
    ok: (v) => v >= 0.97,
    format: times,
  },
  {
    label: 'performance ≥ 0.97× the script-free page, slow',
    value: (r) => ratio(r.slow.scores.performance, r.limit?.slow.scores.performance),
    ok: (v) => v >= 0.97,
    format: times,
  },
  { label: 'TBT ≤ 100 ms, slow', value: (r) => r.slow.tbtMs, ok: (v) => v <= 100, format: ms },
  { label: 'CLS = 0, slow', value: (r) => r.slow.cls, ok: (v) => v === 0, format: cls },
];

export interface ReportOptions {
  /** The benchmarkIndex of the device the slow condition stands for. */
  slowDeviceIndex: number;
  /** The baseline commit measured beside ours, if any. */
  baseline?: string;
}

type Pick = (s: Summary) => number | null;
const CONDITION_VIEWS: { name: string; of: (r: PageResult | PeerResult) => Summary }[] = [
  { name: 'default', of: (r) => r.median },
  { name: 'slow', of: (r) => r.slow },
];

/** Per page and condition: our figure, theirs and the ratio, for the metrics given. */
function comparisonTable(
  results: PageResult[],
  other: (r: PageResult) => PeerResult | undefined,
  metrics: [string, Pick, (v: number) => string][],
) {
  const rows: string[][] = [['page', 'condition', ...metrics.flatMap(([name]) => [`${name}`, `theirs`, `×`])]];
  for (const r of results) {
    const theirs = other(r);
    if (theirs === undefined) continue;
    for (const view of CONDITION_VIEWS) {
      rows.push([
        pathOf(r.url),
        view.name,
        ...metrics.flatMap(([, pick, format]) => {
          const [a, b] = [pick(view.of(r)), pick(view.of(theirs))];
          return [show(a, format), show(b, format), show(ratio(a, b), score)];
        }),
      ]);
    }
  }
  return rows.length > 1 ? table(rows) : null;
}

const bytes = (v: number): string => Math.round(v).toLocaleString('en');

/**
 * Our document against the first round trip of a new connection, as Lighthouse saw it over the
 * wire, with the share that is Next's RSC payload (lib/document-bytes.ts) and the script-free
 * page's document beside it; null when no page has both figures.
 */
function documentTable(results: PageResult[]): string[] | null {
  const rows: string[][] = [['page', 'locale', 'doc B', 'payload B', 'doc B without', 'script-free doc B', 'LCP ×', 'LCP × slow']];
  let fit = 0;
  let fitWithout = 0;
  for (const r of results) {
    const sent = r.median.documentTransferKb === null ? null : r.median.documentTransferKb * 1024;
    if (sent === null || r.document === null) continue;
    const payload = r.document.brotliBytes - r.document.withoutPayloadBrotliBytes;
    const limit = r.limit?.median.documentTransferKb;
    if (sent <= FIRST_ROUND_TRIP_BYTES) fit++;
    if (sent - payload <= FIRST_ROUND_TRIP_BYTES) fitWithout++;
    rows.push([
      pathOf(r.url),
      r.locale,
      bytes(sent),
      bytes(payload),
      bytes(sent - payload),
      show(limit === undefined || limit === null ? null : limit * 1024, bytes),
      show(ratio(r.median.lcpMs, r.limit?.median.lcpMs), score),
      show(ratio(r.slow.lcpMs, r.limit?.slow.lcpMs), score),
    ]);
  }
  if (rows.length === 1) return null;
  return [
    `Documents against the first round trip of a new connection in Lighthouse's simulation (${bytes(FIRST_ROUND_TRIP_BYTES)} B):` +
      " sent, headers included; the brotli bytes that are Next's RSC payload; the document without them; the script-free page's.",
    '',
    table(rows),
    '',
    `Fit in the first round trip: ${fit}/${rows.length - 1} pages as sent, ${fitWithout}/${rows.length - 1} without Next's payload.`,
  ];
}

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

export function formatReport(results: PageResult[], runsPerPage: number, options: ReportOptions): string {
  const out: string[] = [];
  out.push(`Lighthouse mobile, median of ${runsPerPage} runs; first-load JS = /_next/ scripts, gzip -9`);
  const indexes = results.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)).filter((v): v is number => v !== null);
  out.push(
    `Host benchmarkIndex (every run): median ${show(median(indexes), ms)}, ` +
      `${show(indexes.length ? Math.min(...indexes) : null, ms)}–${show(indexes.length ? Math.max(...indexes) : null, ms)}. ` +
      `Default: Lighthouse's 4× CPU slowdown. Slow: CPU slowdown = host index / ${options.slowDeviceIndex}, the same device on any host.`,
  );
  out.push('');
  out.push(
    table([
      [
        'page',
        'locale',
        'perf',
        'a11y',
        'best-pr',
        'seo',
        'LCP ms',
        'TBT ms',
        'CLS',
        'JS KB gz',
        'LH JS KB',
        'BI',
        'peer page',
        'peer LH JS',
        'JS ×',
        'peer TBT',
        'TBT ×',
      ],
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
        show(r.median.jsTransferKb, kb),
        show(r.median.benchmarkIndex, ms),
        r.peer?.path ?? '—',
        show(r.peer?.median.jsTransferKb ?? null, kb),
        show(jsRatio(r), score),
        show(r.peer?.median.tbtMs ?? null, ms),
        show(tbtRatio(r), score),
      ]),
    ]),
  );
  out.push(
    "JS × and TBT × are ours / the peer's; the peer has only the five main pages, so posts, vacancies and legal pages are compared with its nearest page.",
  );
  out.push(
    'JS KB gz: our /_next/ scripts named in the HTML, gzip -9. LH JS KB: script bytes Lighthouse saw transferred, what JS × compares.',
  );
  out.push('', 'Slow condition (CPU slowdown calibrated from benchmarkIndex):', '');
  out.push(
    table([
      ['page', 'locale', 'CPU ×', 'BI', 'perf', 'LCP ms', 'TBT ms', 'CLS', 'peer TBT', 'TBT ×'],
      ...results.map((r) => [
        r.path,
        r.locale,
        show(r.slow.cpuSlowdownMultiplier, (v) => v.toFixed(1)),
        show(r.slow.benchmarkIndex, ms),
        show(r.slow.scores.performance, score),
        show(r.slow.lcpMs, ms),
        show(r.slow.tbtMs, ms),
        show(r.slow.cls, cls),
        show(r.peer?.slow.tbtMs ?? null, ms),
        show(ratio(r.slow.tbtMs, r.peer?.slow.tbtMs), score),
      ]),
    ]),
  );
  const limits = comparisonTable(results, (r) => r.limit, [
    ['LCP ms', (s) => s.lcpMs, ms],
    ['perf', (s) => s.scores.performance, score],
    ['TBT ms', (s) => s.tbtMs, ms],
  ]);
  if (limits) out.push('', 'Against the limit: the same HTML with every script removed ("theirs"), ours / theirs:', '', limits);
  const documents = documentTable(results);
  if (documents) out.push('', ...documents);
  const baseline = comparisonTable(results, (r) => r.baseline, [
    ['LCP ms', (s) => s.lcpMs, ms],
    ['TBT ms', (s) => s.tbtMs, ms],
    ['perf', (s) => s.scores.performance, score],
    ['LH JS KB', (s) => s.jsTransferKb, kb],
  ]);
  if (baseline)
    out.push('', `Against the baseline build of ${options.baseline?.slice(0, 12) ?? '?'} ("theirs"), ours / theirs:`, '', baseline);
  const peerErrors = [...new Set(results.flatMap((r) => (r.peer ? r.peer.errors.map((e) => `  ${r.peer?.url}: ${e}`) : [])))];
  if (peerErrors.length > 0) out.push('Peer errors:', ...peerErrors);

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

  const errors = results.flatMap((r) =>
    [r, r.limit, r.baseline].flatMap((measured) => (measured ? measured.errors.map((e) => `  ${measured.url}: ${e}`) : [])),
  );
  if (errors.length > 0) out.push('', 'Errors:', ...errors);
  return out.join('\n');
}

/** Errors, timeouts and non-2xx answers over a page's runs. */
const failures = (runs: LoadRun[]): number => runs.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);

/** A target's line: PASS with the page count, or MISS with the pages that missed it. */
function targetLine(label: string, misses: string[], pages: number): string {
  return `  ${misses.length === 0 ? 'PASS' : 'MISS'}  ${label}${misses.length === 0 ? ` (${pages}/${pages} pages)` : ` — ${misses.join(', ')}`}`;
}

/** Where the load generator and the servers ran. */
function cpuSplitText(cpus: CpuSplit | null): string {
  return cpus === null
    ? 'the load generator and the servers shared every CPU'
    : `the load generator on CPU ${cpus.loader.join(',')}, the servers on CPU ${cpus.servers.join(',')}`;
}

/** Throughput and memory, with their targets. Empty when neither ran. */
export function formatLoadReport(
  run: Throughput | null,
  memory: { site: string; pages: number; points: MemoryPoint[] }[],
  options: ThroughputOptions,
  /** Where the load was sent: at each server itself, or through the edge in front of each. */
  where = 'at each server',
): string {
  const out: string[] = [];
  const throughput = run?.results ?? [];
  if (run !== null && throughput.length > 0) {
    out.push(
      `Throughput ${where}: autocannon, ${options.connections} connections, ${options.durationSeconds} s per run, medians of ${options.rounds} rounds, ours and the peer interleaved; ours/peer is the median of each round's ratio; CPU is the Next process's user + system time per request; ${cpuSplitText(run.cpus)}`,
    );
    out.push('');
    const rows = throughput.map((t) => {
      const [ours, peer] = [medianOf(t.ours, 'rps'), medianOf(t.peer, 'rps')];
      return {
        t,
        ours,
        peer,
        rpsRatio: pairedRatio(t, 'rps'),
        oursCpu: medianOf(t.ours, 'cpuMsPerRequest'),
        peerCpu: medianOf(t.peer, 'cpuMsPerRequest'),
        oursP99: medianOf(t.ours, 'p99'),
        peerP99: medianOf(t.peer, 'p99'),
        oursFailed: failures(t.ours),
        peerFailed: failures(t.peer),
      };
    });
    out.push(
      table([
        [
          'page',
          'ours→peer',
          'ours req/s',
          'peer req/s',
          'ours/peer',
          'ours CPU ms/req',
          'peer CPU ms/req',
          'ours p99 ms',
          'peer p99 ms',
          'ours failed',
          'peer failed',
        ],
        ...rows.map((r) => [
          r.t.page.label,
          `${r.t.page.ours} → ${r.t.page.peer}`,
          show(r.ours, (v) => v.toFixed(0)),
          show(r.peer, (v) => v.toFixed(0)),
          show(r.rpsRatio, score),
          show(r.oursCpu, cpu),
          show(r.peerCpu, cpu),
          show(r.oursP99, ms),
          show(r.peerP99, ms),
          String(r.oursFailed),
          String(r.peerFailed),
        ]),
      ]),
    );
    out.push('("failed" counts errors, timeouts and non-2xx answers over all rounds)', '', 'Targets:');
    const line = (label: string, misses: string[]): string => targetLine(label, misses, rows.length);
    out.push(
      line(
        'requests/s ≥ 1.0× the peer',
        rows.filter((r) => r.rpsRatio === null || r.rpsRatio < 1).map((r) => `${r.t.page.label} (${show(r.rpsRatio, times)})`),
      ),
    );
    out.push(
      line(
        'requests/s ≥ 2× the peer (issue 24)',
        rows.filter((r) => r.rpsRatio === null || r.rpsRatio < 2).map((r) => `${r.t.page.label} (${show(r.rpsRatio, times)})`),
      ),
    );
    out.push(
      line(
        'zero errors',
        rows.filter((r) => r.oursFailed > 0).map((r) => `${r.t.page.label} (${r.oursFailed})`),
      ),
    );
    out.push(
      line(
        "p99 ≤ the peer's",
        rows
          .filter((r) => r.oursP99 === null || r.peerP99 === null || r.oursP99 > r.peerP99)
          .map((r) => `${r.t.page.label} (${show(r.oursP99, ms)} vs ${show(r.peerP99, ms)} ms)`),
      ),
    );
  }
  if (memory.length > 0) {
    if (out.length > 0) out.push('');
    out.push('Memory: RSS of the Next server process (MB) after N requests across all public pages');
    out.push('');
    const checkpoints = memory[0]?.points.map((p) => p.requests) ?? [];
    const growth = (points: MemoryPoint[]): number | null => {
      const at5k = points.find((p) => p.requests === 5_000)?.rssMb ?? null;
      const at10k = points.find((p) => p.requests === 10_000)?.rssMb ?? null;
      return at5k === null || at10k === null ? null : (at10k - at5k) / at5k;
    };
    out.push(
      table([
        ['site', 'pages', ...checkpoints.map((n) => (n === 0 ? 'start' : `${n / 1000}k`)), '5k→10k'],
        ...memory.map((m) => [
          m.site,
          String(m.pages),
          ...m.points.map((p) => show(p.rssMb, (v) => v.toFixed(0))),
          show(growth(m.points), (v) => `${(v * 100).toFixed(1)}%`),
        ]),
      ]),
    );
    const ours = memory.find((m) => m.site === 'ours');
    const peer = memory.find((m) => m.site === 'peer');
    if (ours) {
      const g = growth(ours.points);
      const at10k = (points: MemoryPoint[] | undefined) => points?.find((p) => p.requests === 10_000)?.rssMb ?? null;
      const ourEnd = at10k(ours.points);
      const peerEnd = at10k(peer?.points);
      const ratio = ourEnd === null || peerEnd === null ? null : ourEnd / peerEnd;
      out.push(
        '',
        'Targets:',
        `  ${g !== null && g < 0.1 ? 'PASS' : 'MISS'}  RSS grows < 10% from 5,000 to 10,000 requests (${show(g, (v) => `${(v * 100).toFixed(1)}%`)})`,
        `  ${ratio !== null && ratio <= 1.3 ? 'PASS' : 'MISS'}  RSS after 10,000 requests at most 1.3 × the peer's (${show(ratio, (v) => `${v.toFixed(2)}×`)})`,
      );
    }
  }
  return out.join('\n');
}

/**
 * Throughput against a baseline build (`--baseline <commit>`): the same pages on both, interleaved,
 * as ours / theirs. A change is "unchanged" within the noise of interleaved runs, ±10 %.
 */
export function formatBaselineThroughput(run: Throughput, options: ThroughputOptions, sha: string): string {
  const rows = run.results.map((t) => ({
    t,
    ours: medianOf(t.ours, 'rps'),
    theirs: medianOf(t.peer, 'rps'),
    rpsRatio: pairedRatio(t, 'rps'),
    oursCpu: medianOf(t.ours, 'cpuMsPerRequest'),
    theirsCpu: medianOf(t.peer, 'cpuMsPerRequest'),
    cpuRatio: pairedRatio(t, 'cpuMsPerRequest'),
    failed: failures(t.ours) + failures(t.peer),
  }));
  const line = (label: string, misses: string[]): string => targetLine(label, misses, rows.length);
  return [
    `Throughput against the baseline build of ${sha.slice(0, 12)}: autocannon, ${options.connections} connections, ${options.durationSeconds} s per run, ${options.rounds} rounds, interleaved; ratios are the median of each round's ratio; ${cpuSplitText(run.cpus)}`,
    '',
    table([
      ['page', 'ours req/s', 'theirs req/s', 'ours/theirs', 'ours CPU ms/req', 'theirs CPU ms/req', 'CPU ours/theirs', 'failed'],
      ...rows.map((r) => [
        r.t.page.label,
        show(r.ours, (v) => v.toFixed(0)),
        show(r.theirs, (v) => v.toFixed(0)),
        show(r.rpsRatio, score),
        show(r.oursCpu, cpu),
        show(r.theirsCpu, cpu),
        show(r.cpuRatio, score),
        String(r.failed),
      ]),
    ]),
    '',
    line(
      'requests/s ≥ 0.9× the baseline, no failures',
      rows
        .filter((r) => r.rpsRatio === null || r.rpsRatio < 0.9 || r.failed > 0)
        .map((r) => `${r.t.page.label} (${show(r.rpsRatio, times)})`),
    ),
    // What the server spends per request does not move with the machine's other load, so it
    // settles "unchanged" where requests per second on a shared machine cannot.
    line(
      'server CPU per request ≤ 1.1× the baseline',
      rows.filter((r) => r.cpuRatio === null || r.cpuRatio > 1.1).map((r) => `${r.t.page.label} (${show(r.cpuRatio, times)})`),
    ),
  ].join('\n');
}
