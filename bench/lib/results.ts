/**
 * The data the site bench produces, and how three Lighthouse runs become one
 * figure: the median per metric, because a single run on a shared 2-core
 * machine is noisy and the median ignores one outlier in either direction.
 */
import type { DocumentBytes } from './document-bytes';
import type { FirstLoadJs } from './first-load-js';
import { CATEGORIES, type Category, type ConditionName, type FailedAudit, type LighthouseRun } from './lighthouse';

export interface Summary {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  jsTransferKb: number | null;
  documentTransferKb: number | null;
  benchmarkIndex: number | null;
  cpuSlowdownMultiplier: number | null;
}

/** A page this one is compared with: the seed-style peer's, the script-free limit, or a baseline build's. */
export interface PeerResult {
  path: string;
  url: string;
  /** Lighthouse's default condition. */
  median: Summary;
  /** The slow condition (CPU slowdown calibrated from benchmarkIndex). */
  slow: Summary;
  firstLoadJs: FirstLoadJs | null;
  document: DocumentBytes | null;
  errors: string[];
}

export type Comparison = 'peer' | 'limit' | 'baseline';

export interface PageResult {
  path: string;
  locale: string;
  url: string;
  runs: LighthouseRun[];
  median: Summary;
  slow: Summary;
  /** Audits that failed in at least one run, with how many runs they failed in. */
  failedAudits: (FailedAudit & { failedInRuns: number })[];
  firstLoadJs: FirstLoadJs | null;
  /** The HTML's size with and without Next's RSC payload (lib/document-bytes.ts). */
  document: DocumentBytes | null;
  /** Why a part of the measurement could not be taken (page still reported). */
  errors: string[];
  peer?: PeerResult;
  /** The same HTML with every script removed (lib/script-free.ts). */
  limit?: PeerResult;
  /** The same page of a baseline build (--baseline <commit>). */
  baseline?: PeerResult;
}

export function median(values: (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] as number;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] as number) + hi) / 2;
}

/** The median of the runs under one condition. */
export function summariseRuns(all: LighthouseRun[], condition: ConditionName = 'default'): Summary {
  const runs = all.filter((r) => r.condition === condition);
  return {
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    cpuSlowdownMultiplier: median(runs.map((r) => r.cpuSlowdownMultiplier)),
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<Category, number | null>,
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    jsTransferKb: median(runs.map((r) => r.jsTransferKb)),
    documentTransferKb: median(runs.map((r) => r.documentTransferKb)),
  };
}

export function mergeFailedAudits(runs: LighthouseRun[]): PageResult['failedAudits'] {
  const byId = new Map<string, FailedAudit & { failedInRuns: number }>();
  for (const audit of runs.flatMap((r) => r.failedAudits)) {
    const seen = byId.get(audit.id);
    if (seen) seen.failedInRuns++;
    else byId.set(audit.id, { ...audit, failedInRuns: 1 });
  }
  return [...byId.values()];
}
