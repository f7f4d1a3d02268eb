/**
 * The kinds of malformed request: field content, argument
 * types, the action envelope, broken multipart, sizes and HTTP-level oddities. Each kind makes
 * one request from a seeded generator; a run cycles through all kinds of a target.
 */
import {
  concatBytes,
  FORM_DATA,
  formPost,
  jsCall,
  jsTextCall,
  multipart,
  type CallOptions,
  type FieldValue,
  type Fields,
  type FuzzRequest,
} from './envelope';
import type { Random } from './random';
import type { ActionTarget, RouteTarget } from './targets';

export type Family = 'field' | 'type' | 'envelope' | 'multipart' | 'size' | 'http';

export interface Context {
  rng: Random;
  origin: string;
  /** Cookie header of the target's session, if any. */
  cookie: string | undefined;
}

export interface Kind<T> {
  name: string;
  family: Family;
  make(target: T, context: Context): FuzzRequest;
}

const ONE_MB = 1024 * 1024;

/** Strings that break parsers, templates, SQL and logs. */
const NASTY = [
  "' or 1=1 --",
  '"; drop table contact_messages; --',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  '\r\nLocation: https://evil.example',
  '$undefined',
  '$K1',
  '$@1',
  '$Q1',
  '$h0',
  '$n99999999999999999999',
  '$D2026-13-45',
  '__proto__',
  'constructor',
  '\u202e\u0000\u0007\u001b[31m',
  '\ud800\udc00\udfff\ud800',
  'NaN',
  '-1e309',
  'null',
  '[object Object]',
  '//evil.example',
  '/.//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
];

function nasty(rng: Random): string {
  return rng.pick(NASTY);
}

function emoji(count: number): string {
  return '😀👩‍👩‍👧‍👦🏳️‍🌈'.repeat(Math.ceil(count / 3));
}

function randomValue(rng: Random): FieldValue {
  switch (rng.int(9)) {
    case 0:
      return '';
    case 1:
      return ' \t\n\u00a0\u2028 ';
    case 2:
      return 'a'.repeat(100_000);
    case 3:
      return rng.codeUnits(1 + rng.int(200));
    case 4:
      return emoji(300);
    case 5:
      return nasty(rng);
    case 6:
      return new TextDecoder('latin1').decode(rng.bytes(1 + rng.int(300)));
    case 7:
      return {
        file: rng.bytes(rng.int(2000)),
        filename: rng.pick(['x.exe', '../../x', '', 'a"b.txt']),
        contentType: rng.pick(['application/octet-stream', 'text/plain', 'image/png']),
      };
    default:
      return String(rng.int(1e9));
  }
}

function callOptions(target: ActionTarget, context: Context, actionId = target.id): CallOptions {
  return { actionId, page: target.page, origin: context.origin, cookie: context.cookie, boundary: `----fuzz${context.rng.hex(16)}` };
}

/** The target's arguments before the FormData, then the FormData. */
function args(target: ActionTarget): unknown[] {
  return [...target.bound, FORM_DATA];
}

function withField(fields: Fields, name: string, value: FieldValue): Fields {
  return fields.map(([key, old]) => [key, key === name ? value : old]);
}

function deepArray(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** What an argument can be replaced with: every JSON type, React's special references, and junk. */
const WRONG_ARGUMENTS: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  '',
  'en',
  'xx',
  '../../etc',
  'a'.repeat(10_000),
  [],
  [[[]]],
  {},
  // Own properties named like the prototype chain (JSON.parse keeps them; an object literal would not).
  JSON.parse('{"__proto__":{"polluted":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  { step: 7, email: ['x'] },
  { status: 'sent', values: null, errors: 'x' },
];

/** React reply references the decoder resolves: chunks that do not exist, other types than the action expects. */
const RAW_REFERENCES = [
  '"$K1"',
  '"$K99"',
  '"$Q1"',
  '"$W1"',
  '"$B1"',
  '"$n12345678901234567890"',
  '"$D1970-01-01T00:00:00.000Z"',
  '"$@1"',
  '"$F1"',
  '"$h1"',
  '"$T"',
  '"$R1"',
  '"$r1"',
  '"$i1"',
  '"$A1"',
  '"$S"',
  '"$Infinity"',
  '"$-0"',
  '"$NaN"',
  '"$undefined"',
];

export const ACTION_KINDS: Kind<ActionTarget>[] = [
  // Field content, in a correct envelope: none of these may give a 5xx.
  { name: 'ordinary form', family: 'field', make: (t, c) => jsCall(callOptions(t, c), args(t), t.fields) },
  {
    name: 'one field replaced by junk',
    family: 'field',
    make: (t, c) => {
      const [name] = c.rng.pick(t.fields.length > 0 ? t.fields : [['x', ''] as [string, FieldValue]]);
      return jsCall(callOptions(t, c), args(t), withField(t.fields, name, randomValue(c.rng)));
    },
  },
  {
    name: 'every field junk',
    family: 'field',
    make: (t, c) =>
      jsCall(
        callOptions(t, c),
        args(t),
        t.fields.map(([name]) => [name, randomValue(c.rng)]),
      ),
  },
  {
    name: 'every field empty',
    family: 'field',
    make: (t, c) =>
      jsCall(
        callOptions(t, c),
        args(t),
        t.fields.map(([name]) => [name, '']),
      ),
  },
  { name: 'no fields at all', family: 'field', make: (t, c) => jsCall(callOptions(t, c), args(t), []) },
  {
    name: 'every field twice',
    family: 'field',
    make: (t, c) =>
      jsCall(callOptions(t, c), args(t), [...t.fields, ...t.fields.map(([name]): [string, FieldValue] => [name, nasty(c.rng)])]),
  },
  {
    name: 'files instead of text',
    family: 'field',
    make: (t, c) =>
      jsCall(
        callOptions(t, c),
        args(t),
        t.fields.map(([name]) => [
          name,
          { file: c.rng.bytes(c.rng.int(5000)), filename: 'x.bin', contentType: 'application/octet-stream' },
        ]),
      ),
  },
  {
    name: '300 junk fields',
    family: 'field',
    make: (t, c) =>
      jsCall(callOptions(t, c), args(t), [
        ...t.fields,
        ...Array.from({ length: 300 }, (_, i): [string, FieldValue] => [`junk${i}${c.rng.hex(4)}`, c.rng.hex(8)]),
      ]),
  },
  {
    name: 'field names that break parsers',
    family: 'field',
    make: (t, c) => jsCall(callOptions(t, c), args(t), [...t.fields, [nasty(c.rng), 'x'], ['', 'x'], ['__proto__', 'x']]),
  },
  { name: 'no-JS form, ordinary', family: 'field', make: (t, c) => noJsForm(t, c, t.fields) },
  {
    name: 'no-JS form, junk fields',
    family: 'field',
    make: (t, c) =>
      noJsForm(
        t,
        c,
        t.fields.map(([name]) => [name, randomValue(c.rng)]),
      ),
  },

  // Argument types: what a hand-written call can put where the FormData and the bound values go.
  {
    name: 'FormData argument replaced',
    family: 'type',
    make: (t, c) => jsCall(callOptions(t, c), [...t.bound, c.rng.pick(WRONG_ARGUMENTS)], []),
  },
  {
    name: 'bound/state arguments replaced',
    family: 'type',
    make: (t, c) => jsCall(callOptions(t, c), [...t.bound.map(() => c.rng.pick(WRONG_ARGUMENTS)), FORM_DATA], t.fields),
  },
  { name: 'no arguments', family: 'type', make: (t, c) => jsTextCall(callOptions(t, c), '[]') },
  {
    name: 'arguments as JSON text',
    family: 'type',
    make: (t, c) =>
      jsTextCall(callOptions(t, c), JSON.stringify([...t.bound.map(() => c.rng.pick(WRONG_ARGUMENTS)), c.rng.pick(WRONG_ARGUMENTS)])),
  },
  {
    name: 'root is not an array',
    family: 'type',
    make: (t, c) => jsTextCall(callOptions(t, c), c.rng.pick(['{}', 'null', '"x"', '42', 'true', '{"0":1,"length":1}'])),
  },
  {
    name: 'too many arguments',
    family: 'type',
    make: (t, c) => jsTextCall(callOptions(t, c), JSON.stringify(Array.from({ length: c.rng.pick([20, 999, 1001, 5000]) }, () => 'x'))),
  },
  {
    name: 'React references that resolve to nothing or the wrong type',
    family: 'type',
    make: (t, c) =>
      jsCall(
        callOptions(t, c),
        [],
        t.fields,
        `[${[...t.bound.map(() => c.rng.pick(RAW_REFERENCES)), c.rng.pick(RAW_REFERENCES)].join(',')}]`,
      ),
  },
  { name: 'arrays nested 2,000 deep', family: 'type', make: (t, c) => jsTextCall(callOptions(t, c), `[${deepArray(2000)}]`) },

  // The envelope itself.
  {
    name: 'Next-Action with a no-JS form body',
    family: 'envelope',
    make: (t, c) => withHeader(noJsForm(t, c, t.fields), 'Next-Action', t.id),
  },
  { name: 'unknown action id', family: 'envelope', make: (t, c) => jsCall(callOptions(t, c, c.rng.hex(42)), args(t), t.fields) },
  {
    name: 'malformed action id',
    family: 'envelope',
    make: (t, c) =>
      jsCall(
        callOptions(t, c, c.rng.pick(['', ' ', 'x'.repeat(5000), '../../', t.id.toUpperCase(), `${t.id} `, '%00', 'null'])),
        args(t),
        t.fields,
      ),
  },
  { name: 'random bytes', family: 'envelope', make: (t, c) => jsTextCall(callOptions(t, c), c.rng.bytes(1 + c.rng.int(4000))) },
  { name: '5,000 {', family: 'envelope', make: (t, c) => jsTextCall(callOptions(t, c), '{'.repeat(5000)) },
  {
    name: 'truncated JSON',
    family: 'envelope',
    make: (t, c) => jsTextCall(callOptions(t, c), JSON.stringify([...t.bound, 'x']).slice(0, 1 + c.rng.int(20))),
  },
  {
    name: 'mangled $ACTION_n:0',
    family: 'envelope',
    make: (t, c) =>
      noJsForm(t, c, t.fields, {
        ':0': c.rng.pick([
          '{',
          '{}',
          '{"id":1}',
          '{"id":"nope","bound":"$@1"}',
          `{"id":"${t.id}","bound":"$@99"}`,
          `{"id":"${t.id}","bound":null}`,
          '[]',
          'null',
        ]),
      }),
  },
  {
    name: 'mangled $ACTION_n:1',
    family: 'envelope',
    make: (t, c) =>
      noJsForm(t, c, t.fields, { ':1': c.rng.pick(['[', '{}', '"x"', deepArray(2000), '["$@1"]', '["$K1"]', '[{"$":"$"}]', 'null']) }),
  },
  {
    name: 'mangled $ACTION_KEY',
    family: 'envelope',
    make: (t, c) => noJsForm(t, c, t.fields, { KEY: c.rng.pick(['', 'k', 'x'.repeat(10_000), '$', '\u0000']) }),
  },
  { name: 'no $ACTION_REF', family: 'envelope', make: (t, c) => noJsForm(t, c, t.fields, { dropRef: true }) },
  {
    name: 'old-style $ACTION_ID_',
    family: 'envelope',
    make: (t, c) => formPost(callOptions(t, c), [[`$ACTION_ID_${c.rng.pick([t.id, c.rng.hex(42), ''])}`, '']], t.fields),
  },

  // Broken multipart.
  {
    name: 'multipart, boundary mismatch',
    family: 'multipart',
    make: (t, c) => rawMultipart(t, c, (body) => body, `----other${c.rng.hex(8)}`),
  },
  {
    name: 'multipart, truncated',
    family: 'multipart',
    make: (t, c) => rawMultipart(t, c, (body) => body.slice(0, c.rng.int(body.length))),
  },
  { name: 'multipart, no boundary parameter', family: 'multipart', make: (t, c) => rawMultipart(t, c, (body) => body, null) },
  {
    name: 'multipart, garbage part headers',
    family: 'multipart',
    make: (t, c) => {
      const boundary = `----fuzz${c.rng.hex(8)}`;
      const body = concatBytes([
        `--${boundary}\r\n`,
        c.rng.bytes(200),
        '\r\n\r\nvalue\r\n',
        `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${boundary}--\r\n`,
      ]);
      return {
        ...jsCall(callOptions(t, c), args(t), []),
        body,
        headers: { ...jsCall(callOptions(t, c), args(t), []).headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      };
    },
  },
  {
    name: 'multipart, 5,000 tiny parts',
    family: 'multipart',
    make: (t, c) =>
      jsCall(
        callOptions(t, c),
        args(t),
        Array.from({ length: 5000 }, (_, i): [string, FieldValue] => [`p${i}`, 'x']),
      ),
  },
  {
    name: 'multipart, random bytes',
    family: 'multipart',
    make: (t, c) =>
      withHeader(
        jsTextCall(callOptions(t, c), c.rng.bytes(500 + c.rng.int(3000))),
        'Content-Type',
        `multipart/form-data; boundary=${c.rng.hex(10)}`,
      ),
  },

  // Sizes.
  {
    name: 'body of 1 MB + 10 bytes',
    family: 'size',
    make: (t, c) => jsCall(callOptions(t, c), args(t), withField(t.fields, t.fields[0]?.[0] ?? 'x', 'a'.repeat(ONE_MB + 10))),
  },
  { name: 'text body of 1 MB + 10 bytes', family: 'size', make: (t, c) => jsTextCall(callOptions(t, c), `["${'a'.repeat(ONE_MB + 10)}"]`) },
  {
    name: 'field of 900 KB',
    family: 'size',
    make: (t, c) =>
      jsCall(
        callOptions(t, c),
        args(t),
        withField(t.fields, c.rng.pick(t.fields.length > 0 ? t.fields : [['x', '']])[0], 'é'.repeat(450_000)),
      ),
  },

  // HTTP around the action.
  {
    name: 'wrong content type',
    family: 'http',
    make: (t, c) =>
      withHeader(
        jsCall(callOptions(t, c), args(t), t.fields),
        'Content-Type',
        c.rng.pick(['application/json', 'text/html', 'application/x-www-form-urlencoded', '', 'multipart/mixed; boundary=x']),
      ),
  },
  {
    name: 'urlencoded body',
    family: 'http',
    make: (t, c) => ({
      ...jsTextCall(callOptions(t, c), new URLSearchParams(t.fields.map(([name]) => [name, nasty(c.rng)])).toString()),
      headers: { ...jsTextCall(callOptions(t, c), '').headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  },
  {
    name: 'foreign or missing Origin',
    family: 'http',
    make: (t, c) =>
      withHeader(
        jsCall(callOptions(t, c), args(t), t.fields),
        'Origin',
        c.rng.pick(['https://evil.example', 'null', `${c.origin}.evil.example`, '']),
      ),
  },
  {
    name: 'other methods',
    family: 'http',
    make: (t, c) => ({ ...jsCall(callOptions(t, c), args(t), t.fields), method: c.rng.pick(['PUT', 'PATCH', 'DELETE']) }),
  },
  {
    name: 'junk session and locale cookies',
    family: 'http',
    make: (t, c) => withHeader(jsCall(callOptions(t, c), args(t), t.fields), 'Cookie', junkCookie(c.rng)),
  },
  {
    name: 'junk client-address and host headers',
    family: 'http',
    make: (t, c) => withHeaders(jsCall(callOptions(t, c), args(t), t.fields), junkForwarding(c.rng)),
  },
];

function withHeader(request: FuzzRequest, name: string, value: string): FuzzRequest {
  return withHeaders(request, { [name]: value });
}

function withHeaders(request: FuzzRequest, headers: Record<string, string>): FuzzRequest {
  return { ...request, headers: { ...request.headers, ...headers } };
}

interface FormMangle {
  ':0'?: string;
  ':1'?: string;
  KEY?: string;
  dropRef?: boolean;
}

/** The no-JavaScript post, with the rendered `$ACTION_…` fields (or ones built from the id when no page renders the form). */
function noJsForm(target: ActionTarget, context: Context, fields: Fields, mangle: FormMangle = {}): FuzzRequest {
  const hidden: Fields = (
    target.hidden ?? [
      ['$ACTION_REF_1', ''],
      ['$ACTION_1:0', JSON.stringify({ id: target.id, bound: '$@1' })],
      ['$ACTION_1:1', JSON.stringify(target.bound)],
    ]
  ).flatMap(([name, value]): Fields => {
    if (mangle.dropRef === true && name.startsWith('$ACTION_REF_')) return [];
    if (mangle[':0'] !== undefined && name.endsWith(':0')) return [[name, mangle[':0']]];
    if (mangle[':1'] !== undefined && name.endsWith(':1')) return [[name, mangle[':1']]];
    if (mangle.KEY !== undefined && name === '$ACTION_KEY') return [[name, mangle.KEY]];
    return [[name, value]];
  });
  return formPost(
    { page: target.page, origin: context.origin, cookie: context.cookie, boundary: `----fuzz${context.rng.hex(16)}` },
    hidden,
    fields,
  );
}

function rawMultipart(
  target: ActionTarget,
  context: Context,
  cut: (body: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>,
  announced?: string | null,
): FuzzRequest {
  const boundary = `----fuzz${context.rng.hex(16)}`;
  const request = jsCall({ ...callOptions(target, context), boundary }, args(target), target.fields);
  const body = request.body instanceof Uint8Array ? request.body : multipart([], boundary).body;
  const contentType = announced === null ? 'multipart/form-data' : `multipart/form-data; boundary=${announced ?? boundary}`;
  return { ...request, body: cut(body), headers: { ...request.headers, 'Content-Type': contentType } };
}

function junkCookie(rng: Random): string {
  const value = rng.pick([
    `base64-${rng.hex(40)}`,
    'base64-eyJhY2Nlc3NfdG9rZW4iOjF9',
    `base64-${Buffer.from('{"access_token":"a.b.c","refresh_token":[],"expires_at":"x"}').toString('base64url')}`,
    '%7B%22access_token%22%3A',
    'x'.repeat(4000),
    '"unterminated',
  ]);
  const name = rng.pick(['sb-127-auth-token', 'sb-127-auth-token.0', 'sb-localhost-auth-token', 'sb-127-auth-token-code-verifier']);
  return `${name}=${value}; NEXT_LOCALE=${rng.pick(['xx', '', '../', 'en; en', 'nl%00'])}`;
}

function junkForwarding(rng: Random): Record<string, string> {
  return rng.pick<Record<string, string>>([
    { 'X-Forwarded-For': rng.pick(['', ',,,', 'not-an-ip', '999.1.1.1, ::ffff:zz', `${'1.2.3.4, '.repeat(500)}5.6.7.8`]) },
    { 'X-Real-IP': rng.pick(['', '::::', 'x'.repeat(2000), '\u00ff\u00fe']) },
    { 'X-Forwarded-Host': rng.pick(['evil.example', '', 'a'.repeat(300)]), 'X-Forwarded-Proto': rng.pick(['gopher', '', 'https, http']) },
    { 'Accept-Language': rng.pick(['*;q=x', 'xx-YY', ',;=,', 'nl;q=0.5, '.repeat(300)]) },
    { Forwarded: rng.pick(['for=unknown', 'for="[zz]"', 'by=;for=;host=']) },
  ]);
}

/** Like encodeURIComponent, but byte-wise, so lone surrogates are sent (as U+FFFD) instead of throwing. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Query values for route handlers: the auth parameters, open-redirect shapes and encodings that break decoders. */
function junkQuery(rng: Random): string {
  const keys = ['token_hash', 'type', 'next', 'code', 'error', 'error_description', 'redirect_to', 'link', 'page', rng.hex(4)];
  const values = [
    ...NASTY,
    rng.hex(56),
    rng.pick(['recovery', 'signup', 'invite', 'magiclink', 'email', 'email_change', 'sms', 'RECOVERY', '']),
    '%zz',
    '%',
    '%E0%A4%A',
    'a'.repeat(8000),
    '/%2e%2e//evil.example',
    '\\\\evil.example',
    '/en/account?x=%0d%0a',
  ];
  const count = 1 + rng.int(5);
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const raw = rng.pick(values);
    // Half the values go in raw, so invalid percent-encodings reach the server as sent.
    parts.push(`${rng.pick(keys)}=${rng.int(2) === 0 ? percentEncode(raw) : raw.replace(/[\s#&]/g, '')}`);
  }
  return parts.join('&');
}

function routeRequest(target: RouteTarget, context: Context, method: string, extra: Partial<FuzzRequest> = {}): FuzzRequest {
  return {
    method,
    path: context.rng.pick(target.paths),
    headers: { Origin: context.origin, ...(context.cookie === undefined ? {} : { Cookie: context.cookie }) },
    ...extra,
  };
}

export const ROUTE_KINDS: Kind<RouteTarget>[] = [
  { name: 'plain GET', family: 'http', make: (t, c) => routeRequest(t, c, 'GET') },
  {
    name: 'junk query',
    family: 'field',
    make: (t, c) => {
      const r = routeRequest(t, c, 'GET');
      return { ...r, path: `${r.path}?${junkQuery(c.rng)}` };
    },
  },
  {
    name: 'junk query, POST',
    family: 'field',
    make: (t, c) => {
      const r = routeRequest(t, c, 'POST');
      return { ...r, path: `${r.path}?${junkQuery(c.rng)}` };
    },
  },
  {
    name: 'other methods',
    family: 'http',
    make: (t, c) => routeRequest(t, c, c.rng.pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'])),
  },
  {
    name: 'form body with redirect targets',
    family: 'field',
    make: (t, c) =>
      routeRequest(t, c, 'POST', {
        body: new URLSearchParams([
          ['next', nasty(c.rng)],
          ['locale', c.rng.pick(['xx', '', 'en', '../'])],
          [c.rng.hex(3), randomText(c.rng)],
        ]).toString(),
        headers: { Origin: c.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
  },
  {
    name: 'multipart body, well formed',
    family: 'multipart',
    make: (t, c) => {
      const { body, contentType } = multipart(
        [
          { name: 'next', value: nasty(c.rng) },
          { name: 'x', value: c.rng.bytes(c.rng.int(3000)), filename: 'x' },
        ],
        `----fuzz${c.rng.hex(8)}`,
      );
      return routeRequest(t, c, 'POST', { body, headers: { Origin: c.origin, 'Content-Type': contentType } });
    },
  },
  {
    name: 'multipart body, broken',
    family: 'multipart',
    make: (t, c) =>
      routeRequest(t, c, 'POST', {
        body: concatBytes(['--x\r\nContent-Disposition: form-data; name="next"\r\n\r\n', c.rng.bytes(300)]),
        headers: { Origin: c.origin, 'Content-Type': c.rng.pick(['multipart/form-data; boundary=x', 'multipart/form-data']) },
      }),
  },
  {
    name: 'random bytes body',
    family: 'envelope',
    make: (t, c) =>
      routeRequest(t, c, 'POST', {
        body: c.rng.bytes(c.rng.int(5000)),
        headers: {
          Origin: c.origin,
          'Content-Type': c.rng.pick(['application/octet-stream', 'application/json', 'text/plain', 'application/x-www-form-urlencoded']),
        },
      }),
  },
  {
    name: 'body of 1 MB + 10 bytes',
    family: 'size',
    make: (t, c) =>
      routeRequest(t, c, 'POST', {
        body: `next=${'a'.repeat(ONE_MB + 10)}`,
        headers: { Origin: c.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
  },
  {
    name: 'foreign or missing Origin',
    family: 'http',
    make: (t, c) =>
      withHeader(
        routeRequest(t, c, c.rng.pick(['GET', 'POST'])),
        'Origin',
        c.rng.pick(['https://evil.example', 'null', `${c.origin}.evil.example`, '']),
      ),
  },
  {
    name: 'junk session and locale cookies',
    family: 'http',
    make: (t, c) => withHeader(routeRequest(t, c, c.rng.pick(['GET', 'POST'])), 'Cookie', junkCookie(c.rng)),
  },
  {
    name: 'junk client-address and host headers',
    family: 'http',
    make: (t, c) => withHeaders(routeRequest(t, c, c.rng.pick(['GET', 'POST'])), junkForwarding(c.rng)),
  },
  {
    name: 'Next-Action header on a route',
    family: 'envelope',
    make: (t, c) => withHeaders(routeRequest(t, c, 'POST', { body: '[]' }), { 'Next-Action': c.rng.hex(42), 'Content-Type': 'text/plain' }),
  },
  {
    name: 'odd path spellings',
    family: 'http',
    make: (t, c) => {
      const r = routeRequest(t, c, c.rng.pick(['GET', 'POST']));
      const spelled = c.rng.pick([
        `${r.path}/`,
        `${r.path}//`,
        r.path.replace(/\//g, '//'),
        `${r.path}%00`,
        `${r.path};x=1`,
        `${r.path}/..${r.path}`,
        r.path.toUpperCase(),
      ]);
      return { ...r, path: spelled };
    },
  },
];

function randomText(rng: Random): string {
  const value = randomValue(rng);
  return typeof value === 'string' ? value : 'file';
}
