import { randomUUID } from 'node:crypto';

/** Three random bytes, fresh per call. */
function randomBytes(): number[] {
  return (randomUUID().replace(/-/g, '').slice(0, 6).match(/../g) ?? []).map((b) => parseInt(b, 16));
}

/** A made-up client address per call, so rate limits of different tests never meet. */
export function visitorIp(): string {
  return `10.${randomBytes().join('.')}`;
}

/** A loopback address of its own per call (all of 127.0.0.0/8 is this machine), for a client known by its socket. */
export function loopbackAddress(): string {
  return `127.${randomBytes()
    .map((b) => Math.max(1, b % 255))
    .join('.')}`;
}
