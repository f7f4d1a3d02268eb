import { describe, expect, it } from 'vitest';

import { documentBytes } from './document-bytes';

const page = (scripts: string): string =>
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><main><h1>Vacatures</h1></main>${scripts}<script id="language-choice">document.documentElement.dataset.x="1"</script></body></html>`;

describe('documentBytes', () => {
  it("takes out Next's payload scripts, with or without a nonce, and nothing else", () => {
    const payload =
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
      '<script nonce="abc">self.__next_f.push([1,"0:{\\"P\\":null}\\n"])</script>' +
      '<script>self.__next_f.push([1,"1:[\\"$\\",\\"h1\\",null,{\\"children\\":\\"Vacatures\\"}]\\n"])</script>';
    const bytes = documentBytes(page(payload));
    expect(bytes.payloadRawBytes).toBe(Buffer.byteLength(payload));
    expect(bytes.rawBytes - bytes.payloadRawBytes).toBe(Buffer.byteLength(page('')));
    expect(bytes.withoutPayloadBrotliBytes).toBeLessThan(bytes.brotliBytes);
  });

  it('counts nothing as payload on a page without it', () => {
    const bytes = documentBytes(page(''));
    expect(bytes.payloadRawBytes).toBe(0);
    expect(bytes.withoutPayloadBrotliBytes).toBe(bytes.brotliBytes);
  });
});
