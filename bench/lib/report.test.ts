import { describe, expect, it } from 'vitest';

import type { DocumentBytes } from './document-bytes';
import { formatReport } from './report';
import type { PageResult, PeerResult, Summary } from './results';

function summary(lcpMs: number, documentTransferKb: number): Summary {
  return {
    scores: { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 },
    lcpMs,
    tbtMs: 0,
    cls: 0,
    jsTransferKb: null,
    documentTransferKb,
    benchmarkIndex: 1500,
    cpuSlowdownMultiplier: 4,
  };
}

function limit(path: string, documentBytes: number): PeerResult {
  const median = summary(1000, documentBytes / 1024);
  return { path, url: `http://127.0.0.1:1${path}`, median, slow: median, firstLoadJs: null, document: null, errors: [] };
}

function page(path: string, sentBytes: number, document: DocumentBytes): PageResult {
  const median = summary(1200, sentBytes / 1024);
  return {
    path,
    locale: 'nl',
    url: `http://127.0.0.1:2${path}`,
    runs: [],
    median,
    slow: median,
    failedAudits: [],
    firstLoadJs: null,
    document,
    errors: [],
    limit: limit(path, 6000),
  };
}

const html = (brotliBytes: number, withoutPayloadBrotliBytes: number): DocumentBytes => ({
  brotliBytes,
  withoutPayloadBrotliBytes,
  payloadRawBytes: 40_000,
  rawBytes: 80_000,
});

describe('the document table', () => {
  it("shows each page's document as sent, the share that is Next's payload, and what fits the first round trip", () => {
    const report = formatReport([page('/', 19_000, html(17_000, 9_000)), page('/blog', 13_500, html(11_500, 6_000))], 3, {
      slowDeviceIndex: 200,
    });
    const table = report.slice(report.indexOf('Documents against'));
    const row = table.split('\n').find((line) => line.startsWith('/ '));
    expect(row?.split(/\s+/)).toEqual(['/', 'nl', '19,000', '8,000', '11,000', '6,000', '1.20', '1.20']);
    expect(table).toContain("Fit in the first round trip: 1/2 pages as sent, 2/2 without Next's payload.");
  });
});
