/**
 * Reads the cause of a 5xx from the server log lines printed while its request was served, and
 * says whose it is: our code (a stack frame in src/), Next.js itself (its request decoding, before
 * any of our code runs), or unknown.
 */

export type Owner = 'ours' | 'framework' | 'unknown';

export interface Cause {
  owner: Owner;
  /** The error's first line, e.g. `TypeError: a.get is not a function`. */
  message: string;
  /** Where it was thrown: our source line, or the first frame of the stack. */
  where: string;
}

/**
 * Errors Next.js (or React's reply decoder inside it) raises while decoding an action request,
 * before the action runs. They answer 500 though the request was at fault, and are counted as
 * framework behaviour, not as faults of ours. Anything thrown from src/ is ours, whatever its message.
 */
const FRAMEWORK_MESSAGES: RegExp[] = [
  /Body exceeded .* limit/i,
  /Server Action arguments list is too long/,
  /Connection closed/,
  /Unexpected end of (JSON input|form|multipart)/i,
  /is not valid JSON|Unexpected token|JSON\.parse|Unterminated string|Expected property name/i,
  /Malformed part header|Multipart: Boundary not found|Unexpected end of form|boundary/i,
  /Failed to parse body as FormData|Failed to find Server Action|Invalid Server Actions request/i,
  /Maximum call stack size exceeded/,
  /Invalid (character|typed array|BigInt)|Cannot convert .* to a BigInt/i,
  /in JSON at position/,
  /Invalid forward reference|CreateListFromArrayLike called on non-object/,
  /The FormData (key|argument)|Invalid server (reference|action)|Could not find the module/i,
];

/** Next prints its own and its dependencies' frames as this one line. */
const FRAMEWORK_FRAME = /^at (ignore-listed frames|JSON\.parse \(<anonymous>\)|.*node_modules)/;
// Up to the line and column where there are any: route groups put parentheses in the path itself.
const OUR_FRAME = /(?:^|[\s(/])(?:\[project\]\/)?(src\/(?:\S+?:\d+(?::\d+)?|[^\s)]+))/;
const STACK_FRAME = /^\s+at\s/;
// dotAll: a message quoting the request (random bytes) can hold a carriage return or U+2028.
const ERROR_START =
  /^\s*(?:⨯\s*)?(?:\[[^\]]+\]\s*)?(?:Uncaught\s+)?([A-Z][A-Za-z]*Error|Error|RangeError|TypeError|SyntaxError)\b[:\s]?(.*)$/s;

interface ErrorBlock {
  message: string;
  frames: string[];
}

/** Error messages with the stack lines right below each. */
function errorBlocks(lines: readonly string[]): ErrorBlock[] {
  const blocks: ErrorBlock[] = [];
  let current: ErrorBlock | undefined;
  for (const line of lines) {
    const start = ERROR_START.exec(line);
    if (start !== null && !STACK_FRAME.test(line)) {
      current = { message: `${start[1] ?? 'Error'}${start[2] ? `: ${start[2].trim()}` : ''}`, frames: [] };
      blocks.push(current);
    } else if (current !== undefined && STACK_FRAME.test(line)) {
      current.frames.push(line.trim());
    } else if (current !== undefined && line.trim() !== '' && !/digest|^\s*[{}]/.test(line)) {
      current = undefined;
    }
  }
  return blocks;
}

export function classify(lines: readonly string[]): Cause {
  const blocks = errorBlocks(lines);
  for (const block of blocks) {
    const ours = block.frames.find((frame) => OUR_FRAME.test(frame) && !frame.includes('node_modules'));
    if (ours !== undefined) return { owner: 'ours', message: block.message, where: OUR_FRAME.exec(ours)?.[1] ?? ours };
  }
  const first = blocks[0];
  if (first === undefined) return { owner: 'unknown', message: '(no error in the server log)', where: '' };
  const where = (first.frames[0] ?? '').replace(/\s*\{$/, '');
  // A known decoding error, or a stack with no frame outside Next and its dependencies.
  const framework =
    FRAMEWORK_MESSAGES.some((pattern) => pattern.test(first.message)) ||
    (first.frames.length > 0 && first.frames.every((frame) => FRAMEWORK_FRAME.test(frame.replace(/\s*\{$/, ''))));
  return { owner: framework ? 'framework' : 'unknown', message: first.message, where };
}
