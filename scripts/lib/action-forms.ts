/**
 * The server-action forms of a rendered page, as a browser without JavaScript would post them:
 * React renders the action's id and bound arguments as hidden `$ACTION_…` fields.
 */
import { parse } from 'node-html-parser';

export interface ScrapedForm {
  actionId: string;
  bound: unknown[];
  /** The `$ACTION_…` fields React rendered, in order. */
  hidden: [string, string][];
  fieldNames: string[];
}

/** The server-action forms of a rendered page. */
export function scrapeForms(html: string): ScrapedForm[] {
  const forms: ScrapedForm[] = [];
  for (const form of parse(html).querySelectorAll('form')) {
    const hidden: [string, string][] = [];
    const fieldNames: string[] = [];
    let actionId: string | undefined;
    let bound: unknown[] = [];
    for (const field of form.querySelectorAll('input, textarea, select, button')) {
      const name = field.getAttribute('name');
      if (name === undefined || name === '') continue;
      const value = field.getAttribute('value') ?? '';
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
