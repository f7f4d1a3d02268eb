import { describe, expect, it } from 'vitest';

import { qrImageSrc } from './qr-data-url';

describe('qrImageSrc', () => {
  it('percent-encodes raw SVG markup', () => {
    const src = qrImageSrc('data:image/svg+xml;utf-8,<svg fill="#000"><path d="M0 0"/></svg>');
    expect(src).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg fill="#000"><path d="M0 0"/></svg>')}`);
    expect(src).not.toContain('#');
  });
  it('keeps an already encoded payload and refuses other data', () => {
    expect(qrImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz4=');
    expect(qrImageSrc('javascript:alert(1)')).toBeNull();
    expect(qrImageSrc('data:text/html,<svg>')).toBeNull();
  });
});
