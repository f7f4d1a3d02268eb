import { ServerResponse, type IncomingMessage } from 'node:http';

import Negotiator from 'negotiator';

import { codedEtag, heldCodings } from './coded-etags';

/*
 * Under `next start` (and Next's standalone server) Next tags a response, checks If-None-Match
 * against that tag, and only then does its compression middleware gzip the body, leaving the tag as
 * it was. The gzip bytes and the plain bytes then share one strong ETag, which RFC 9110 §8.8.3
 * forbids: a cache holding one coding may answer a request for the other with it after a 304.
 *
 * Next has no hook between its tag and its compression, and the two meet only on the Node response,
 * so this wraps ServerResponse's setHeader and writeHead for the process (instrumentation.ts installs
 * it where Next compresses, never in our own server, which tags per coding itself):
 * - a response that leaves with a Content-Encoding gets that coding's suffix in its ETag;
 * - when a tag is set, If-None-Match is compared with it in every coding, and a match is handed to
 *   Next (and to the static-file server) as the uncoded tag, so a client holding the gzip bytes
 *   still gets its 304;
 * - that 304 names the tag the client holds (the one in this request's preferred coding when it
 *   holds several), since whether Next would have compressed the body is not known without it.
 * Headers given to writeHead as an argument are not seen; Next and its static-file server set them
 * with setHeader.
 */
export function tagNextCompressionPerCoding(): () => void {
  const { setHeader, writeHead } = ServerResponse.prototype;
  const held = new WeakMap<ServerResponse, string>();

  ServerResponse.prototype.setHeader = function (this: ServerResponse, name, value) {
    // Node sets it for every response its server creates; one made by hand may lack it.
    const request: IncomingMessage | undefined = this.req;
    if (typeof value === 'string' && name.toLowerCase() === 'etag' && request !== undefined && !held.has(this)) {
      const header = request.headers['if-none-match'];
      const codings = heldCodings(header, value);
      if (codings.length > 0) {
        const offered = codings.map((coding) => coding ?? 'identity');
        const preferred = new Negotiator(request).encoding(offered) ?? offered[0] ?? 'identity';
        held.set(this, codedEtag(value, preferred));
        request.headers['if-none-match'] = value;
      }
    }
    return setHeader.call(this, name, value);
  };

  // writeHead is overloaded, which one function cannot be typed as; it passes its arguments on unread.
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    const etag = this.getHeader('etag');
    if (typeof etag === 'string') {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      const coding = this.getHeader('content-encoding');
      const tag = status === 304 ? held.get(this) : typeof coding === 'string' ? codedEtag(etag, coding) : undefined;
      if (tag !== undefined && tag !== etag) setHeader.call(this, 'ETag', tag);
    }
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as ServerResponse['writeHead'];

  return () => {
    ServerResponse.prototype.setHeader = setHeader;
    ServerResponse.prototype.writeHead = writeHead;
  };
}
