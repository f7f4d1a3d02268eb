// negotiator 1.x, as far as scripts/lib/content-coding.ts uses it. @types/negotiator describes 0.6,
// which has no `preferred` option to break ties between equally accepted codings.
declare module 'negotiator' {
  interface Headers {
    headers: Record<string, string | string[] | undefined>;
  }

  class Negotiator {
    constructor(request: Headers);
    /** The client's most preferred coding among `available`; ties go to `preferred`'s order. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }

  export = Negotiator;
}
