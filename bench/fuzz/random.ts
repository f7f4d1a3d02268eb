/** A seeded generator (mulberry32), so a run can be repeated request for request with FUZZ_SEED. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  bytes(length: number): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 1) out[i] = this.int(256);
    return out;
  }

  /** Any UTF-16 code units, lone surrogates included. */
  codeUnits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += String.fromCharCode(this.int(0x10000));
    return out;
  }

  hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += '0123456789abcdef'[this.int(16)];
    return out;
  }
}
