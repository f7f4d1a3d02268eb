import { describe, expect, it } from 'vitest';

import { classify } from './cause';

describe('reading the cause of a 5xx from the server log', () => {
  it('calls an error thrown from src/ ours, with its source line', () => {
    const cause = classify([
      '⨯ TypeError: formData.get is not a function',
      '    at submitContact (src/app/[locale]/(site)/contact-us/actions.ts:41:20)',
      '  digest: "1"',
    ]);
    expect(cause).toEqual({
      owner: 'ours',
      message: 'TypeError: formData.get is not a function',
      where: 'src/app/[locale]/(site)/contact-us/actions.ts:41:20',
    });
  });

  it("calls Next's decoding of a broken action body the framework's", () => {
    expect(
      classify([
        '⨯ SyntaxError: Unexpected token \'x\', "xyz" is not valid JSON',
        '    at JSON.parse (<anonymous>) {',
        "  digest: '1'",
        '}',
      ]).owner,
    ).toBe('framework');
  });

  it('reads an error whose quoted input holds a carriage return or another line separator', () => {
    for (const separator of ['\r', '\u2028', '\u2029']) {
      const cause = classify([
        `⨯ SyntaxError: Unexpected token 'J', "J=${separator}S"... is not valid JSON`,
        '    at JSON.parse (<anonymous>) {',
        "  digest: '231470880'",
        '}',
      ]);
      expect(cause.owner).toBe('framework');
      expect(cause.message).toMatch(/^SyntaxError: Unexpected token 'J'/);
    }
  });

  it('says so when the log holds no error', () => {
    expect(classify(['GET /en 200'])).toEqual({ owner: 'unknown', message: '(no error in the server log)', where: '' });
  });
});
