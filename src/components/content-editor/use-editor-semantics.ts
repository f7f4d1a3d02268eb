'use client';

import { useEffect, type RefObject } from 'react';

import { PLAIN_BUTTONS } from './markdown-toolbar';

type Semantics = {
  /** The id of the heading that names the editable text, as a label names a textarea. */
  labelledBy: string;
  /** The id of the hint that says how to leave the text with the keyboard. */
  describedBy: string;
  /** The language of the text, which may differ from the page's. */
  lang: string;
  toolbarLabel: string;
  linkDialogLabel: string;
};

/**
 * Names and roles MDXEditor renders wrong and has no prop for, set on its DOM whenever it
 * renders anew (a MutationObserver; each fix is idempotent, so its own mutations settle):
 * - the editable text is named by the section's heading, described by the keyboard hint, and
 *   marked with its own language;
 * - the toolbar and the link dialog are named;
 * - undo and redo (Radix single-choice toggles) are plain buttons, not radio buttons;
 * - the link dialog's URL field gets the id its label points at (LinkDialog renders
 *   `<label for="link-url">` beside an input without it).
 * `root` holds the editor and its popup container (the overlayContainer MDXEditor is given).
 */
export function useEditorSemantics(root: RefObject<HTMLElement | null>, semantics: Semantics) {
  const { labelledBy, describedBy, lang, toolbarLabel, linkDialogLabel } = semantics;
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const fix = () => {
      const editable = element.querySelector<HTMLElement>('[contenteditable="true"]');
      if (editable) {
        set(editable, 'aria-labelledby', labelledBy);
        set(editable, 'aria-describedby', describedBy);
        set(editable, 'lang', lang);
        if (editable.hasAttribute('aria-label')) editable.removeAttribute('aria-label');
      }
      const toolbar = element.querySelector<HTMLElement>('[role="toolbar"]');
      if (toolbar) set(toolbar, 'aria-label', toolbarLabel);
      for (const group of element.querySelectorAll<HTMLElement>(
        `[${PLAIN_BUTTONS}] [role="group"], [${PLAIN_BUTTONS}] [role="radiogroup"]`,
      )) {
        set(group, 'role', 'none');
      }
      for (const button of element.querySelectorAll<HTMLElement>(`[${PLAIN_BUTTONS}] [role="radio"]`)) {
        button.removeAttribute('role');
        button.removeAttribute('aria-checked');
      }
      for (const dialog of element.querySelectorAll<HTMLElement>('[role="dialog"]')) {
        if (dialog.querySelector('label[for="link-url"]')) set(dialog, 'aria-label', linkDialogLabel);
      }
      const urlLabel = element.querySelector('label[for="link-url"]');
      const url = urlLabel?.parentElement?.querySelector<HTMLInputElement>('input:not([id])');
      if (url && !element.querySelector('#link-url')) url.id = 'link-url';
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['role', 'aria-checked', 'aria-label'],
    });
    return () => observer.disconnect();
  }, [root, labelledBy, describedBy, lang, toolbarLabel, linkDialogLabel]);
}

function set(element: HTMLElement, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
