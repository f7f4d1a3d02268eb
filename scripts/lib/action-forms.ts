/**
 * The server-action forms of a rendered page, as a browser without JavaScript would post them:
 * React renders the action's id and bound arguments as hidden `$ACTION_…` fields.
 */

export interface ScrapedForm {
  actionId: string;
  bound: unknown[];
  /** The `$ACTION_…` fields React rendered, in order. */
  hidden: [string, string][];
  fieldNames: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

/**
 * The server-action forms of a rendered page. React writes every attribute double-quoted and
 * escapes the values, so reading the tags with patterns is exact for this markup.
 */
export function scrapeForms(html: string): ScrapedForm[] {
  const forms: ScrapedForm[] = [];
  for (const [form] of html.matchAll(/<form\b[\s\S]*?<\/form>/gi)) {
    const hidden: [string, string][] = [];
    const fieldNames: string[] = [];
    let actionId: string | undefined;
    let bound: unknown[] = [];
    for (const [tag] of form.matchAll(/<(?:input|textarea|select|button)\b[^>]*>/gi)) {
      const name = attribute(tag, 'name');
      if (name === undefined || name === '') continue;
      const value = attribute(tag, 'value') ?? '';
      if (name.startsWith('$ACTION_')) {
        hidden.push([name, value]);
        if (/^\$ACTION_\d+:0$/.test(name)) actionId = (JSON.parse(value) as { id?: string }).id;
        if (/^\$ACTION_\d+:1$/.test(name)) bound = JSON.parse(value) as unknown[];
        if (name.startsWith('$ACTION_ID_')) actionId = name.slice('$ACTION_ID_'.length);
      } else if (!fieldNames.includes(name)) {
        fieldNames.push(name);
      }
    }
    if (actionId !== undefined) forms.push({ actionId, bound, hidden, fieldNames });
  }
  return forms;
}
