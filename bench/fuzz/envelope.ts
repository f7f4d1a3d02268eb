/**
 * How requests reach a Next.js server action, written by hand so each layer can be broken on
 * purpose: the multipart body, React's reply encoding of the arguments, and the two ways an
 * action is named (the `Next-Action` header of a JavaScript call, or the `$ACTION_…` fields of a
 * form posted without JavaScript).
 */

export interface FuzzRequest {
  method: string;
  /** Path and query, on the site under test. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer> | string;
}

export interface Part {
  name: string;
  value: string | Uint8Array<ArrayBuffer>;
  filename?: string;
  contentType?: string;
}

const encoder = new TextEncoder();

export function concatBytes(chunks: readonly (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const encoded = chunks.map((chunk) => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk));
  const out = new Uint8Array(encoded.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of encoded) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** A well-formed multipart/form-data body (RFC 7578). */
export function multipart(parts: readonly Part[], boundary: string): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const chunks: (string | Uint8Array)[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name.replace(/"/g, '%22')}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`);
    if (part.contentType !== undefined) chunks.push(`Content-Type: ${part.contentType}\r\n`);
    chunks.push('\r\n', part.value, '\r\n');
  }
  chunks.push(`--${boundary}--\r\n`);
  return { body: concatBytes(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A form field's value: text, or a file part where the action expects text. */
export type FieldValue = string | { file: Uint8Array<ArrayBuffer>; filename: string; contentType: string };

export type Fields = [string, FieldValue][];

/** Marks where the form's FormData goes among the arguments of a JavaScript call. */
export const FORM_DATA = Symbol('FormData');

/**
 * React's reply encoding (encodeReply) of plain JSON values: strings starting with `$` are
 * escaped as `$$`, `undefined` is `$undefined`, and a FormData argument becomes `$K<id>` with
 * its entries sent as `_<id>_<name>` parts.
 */
export function encodeArgs(value: unknown): unknown {
  if (value === FORM_DATA) return '$K1';
  if (value === undefined) return '$undefined';
  if (typeof value === 'string') return value.startsWith('$') ? `$${value}` : value;
  if (Array.isArray(value)) return value.map(encodeArgs);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, encodeArgs(entry)]));
  }
  return value;
}

function toPart(name: string, value: FieldValue): Part {
  return typeof value === 'string'
    ? { name, value }
    : { name, value: value.file, filename: value.filename, contentType: value.contentType };
}

export interface CallOptions {
  actionId: string;
  page: string;
  origin: string;
  cookie?: string;
  boundary: string;
}

function baseHeaders(options: Pick<CallOptions, 'origin' | 'cookie'>): Record<string, string> {
  return { Origin: options.origin, ...(options.cookie === undefined ? {} : { Cookie: options.cookie }) };
}

/** A JavaScript call of the action: `Next-Action` header, arguments in React's reply encoding. */
export function jsCall(options: CallOptions, args: readonly unknown[], fields: Fields, rawRoot?: string): FuzzRequest {
  const root = rawRoot ?? JSON.stringify(encodeArgs(args));
  const { body, contentType } = multipart(
    [{ name: '0', value: root }, ...fields.map(([name, value]) => toPart(`_1_${name}`, value))],
    options.boundary,
  );
  return {
    method: 'POST',
    path: options.page,
    headers: { ...baseHeaders(options), 'Next-Action': options.actionId, Accept: 'text/x-component', 'Content-Type': contentType },
    body,
  };
}

/** A JavaScript call whose arguments need no FormData: React sends the JSON root as text. */
export function jsTextCall(
  options: CallOptions,
  body: string | Uint8Array<ArrayBuffer>,
  contentType = 'text/plain;charset=UTF-8',
): FuzzRequest {
  return {
    method: 'POST',
    path: options.page,
    headers: { ...baseHeaders(options), 'Next-Action': options.actionId, Accept: 'text/x-component', 'Content-Type': contentType },
    body,
  };
}

/** The form as a browser without JavaScript posts it: the `$ACTION_…` fields React rendered, then the user's fields. */
export function formPost(
  options: Omit<CallOptions, 'actionId'>,
  hidden: Fields,
  fields: Fields,
  extraHeaders: Record<string, string> = {},
): FuzzRequest {
  const { body, contentType } = multipart(
    [...hidden, ...fields].map(([name, value]) => toPart(name, value)),
    options.boundary,
  );
  return { method: 'POST', path: options.page, headers: { ...baseHeaders(options), 'Content-Type': contentType, ...extraHeaders }, body };
}
