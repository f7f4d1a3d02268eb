import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import MarkdownEditor from './markdown-editor';
import nl from '../../../public/locales/nl/contentEditor.json';

// jsdom lays nothing out, so tabbable's display check would call every element hidden; its own
// documentation says to skip that check under jsdom. The browser test (content-editor-keyboard.spec.ts) keeps it.
vi.mock('tabbable', async (importOriginal) => {
  const lib = await importOriginal<typeof import('tabbable')>();
  return {
    ...lib,
    tabbable: (node: Element, options?: Parameters<typeof lib.tabbable>[1]) => lib.tabbable(node, { ...options, displayCheck: 'none' }),
  };
});

const t = nl.editor.markdownEditor;

// jsdom lays nothing out; Lexical measures the selection to scroll it into view.
beforeAll(() => {
  const rect = () => new DOMRect();
  Range.prototype.getBoundingClientRect = rect;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Element.prototype.scrollIntoView = vi.fn();
  // Radix positions the link dialog with a ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function renderEditor(markdown = 'Een alinea.\n\n- een\n- twee\n') {
  render(
    <>
      <button type="button">Ervoor</button>
      <h3 id="body-label">Tekst</h3>
      <MarkdownEditor markdown={markdown} onChange={() => {}} labelledBy="body-label" lang="en" onUnsupported={() => {}} texts={t} />
      <button type="button">Erna</button>
    </>,
  );
  return screen.findByRole('textbox', { name: 'Tekst' });
}

describe('MarkdownEditor', () => {
  it('lets Tab and Shift+Tab leave the text, also in a list, and says so in the text’s description', async () => {
    const user = userEvent.setup();
    const text = await renderEditor();
    await waitFor(() => expect(text).toHaveAccessibleDescription(t.keyboardHint));

    await user.click(within(text).getByText('twee'));
    expect(text).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Erna' })).toHaveFocus();

    await user.click(within(text).getByText('Een alinea.'));
    await user.tab({ shift: true });
    expect(text).not.toHaveFocus();
    expect(screen.getByRole('toolbar', { name: t.toolbarLabel })).toContainElement(document.activeElement as HTMLElement);
  });

  it('names its toolbar, with undo and redo as buttons and bold, italic and the lists as toggle buttons', async () => {
    await renderEditor();
    const toolbar = await screen.findByRole('toolbar', { name: t.toolbarLabel });
    await waitFor(() => expect(within(toolbar).queryAllByRole('radio')).toHaveLength(0));
    expect(within(toolbar).queryAllByRole('radiogroup')).toHaveLength(0);
    expect(within(toolbar).getByRole('button', { name: new RegExp(`^${t.toolbar.undo.replace(' {shortcut}', '')}`) })).not.toHaveAttribute(
      'aria-pressed',
    );
    expect(within(toolbar).getByRole('button', { name: new RegExp(`^${t.toolbar.redo.replace(' {shortcut}', '')}`) })).not.toHaveAttribute(
      'aria-pressed',
    );
    for (const name of [t.toolbar.bold, t.toolbar.italic, t.toolbar.bulletedList, t.toolbar.numberedList]) {
      expect(within(toolbar).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('names the link dialog and its address field', async () => {
    const user = userEvent.setup();
    const text = await renderEditor('Een alinea.');
    await user.click(within(text).getByText('Een alinea.'));
    await user.click(screen.getByRole('button', { name: t.toolbar.link }));
    const dialog = await screen.findByRole('dialog', { name: t.createLink.dialogLabel });
    expect(within(dialog).getByRole('textbox', { name: t.createLink.url })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: t.dialogControls.save })).toHaveTextContent(t.dialogControls.save);
  });
});
