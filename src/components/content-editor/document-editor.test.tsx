import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import type { EditorDocument } from '@/lib/content-editor/types';

import { DocumentEditor } from './document-editor';
import type { EditorActions } from './editor-actions';
import { fill } from './texts';
import nl from '../../../public/locales/nl/contentEditor.json';

// The visual editor has its own test; here the body is not what is tested.
vi.mock('./markdown-editor', () => ({ default: () => null }));

const t = nl.editor;

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const document: EditorDocument = {
  locale: 'en',
  frontMatter: { title: 'Mine', description: 'A description.', date: '2026-11-26', author: 'Ada', tags: ['a'] },
  body: 'Text.',
  version: 3,
  updatedAt: '2026-11-26T10:00:00Z',
  updatedBy: null,
  status: 'draft',
  liveVersion: null,
  scheduledFor: null,
};

const unused = () => Promise.reject(new Error('not called in this test'));

function renderEditor(save: EditorActions['save']) {
  const actions: EditorActions = {
    save,
    saveVersion: unused,
    publish: vi.fn(unused),
    schedule: unused,
    unpublish: unused,
    history: unused,
    restore: unused,
    changeSlug: unused,
    heartbeat: unused,
    leave: unused,
  };
  render(
    <DocumentEditor
      entryId="entry"
      collection="blog"
      kind="blog"
      slug="a-post"
      document={document}
      other={null}
      onState={() => {}}
      onEntry={() => {}}
      actions={actions}
      texts={{ ...t, status: nl.status }}
      formatTime={(iso) => iso}
      siteUrl="https://example.com"
      counters={{}}
    />,
  );
  return actions;
}

describe('DocumentEditor', () => {
  it('marks the values with the language of the text, not the page’s', () => {
    renderEditor(unused);
    expect(screen.getByRole('textbox', { name: new RegExp(`^${t.fields.title}`) })).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Mine', { selector: 'p' })).toHaveAttribute('lang', 'en');
  });

  it('after a refused autosave, names the field to fix and moves focus to it when publishing, instead of asking to wait', async () => {
    const user = userEvent.setup();
    const actions = renderEditor(async () => ({
      ok: false,
      reason: 'problems',
      locale: 'en',
      problems: [{ field: 'title', code: 'required' }],
    }));
    const title = screen.getByRole('textbox', { name: new RegExp(`^${t.fields.title}`) });
    await user.clear(title);
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'), { timeout: 3000 });

    await user.click(screen.getByRole('button', { name: t.actions.publishThis }));
    expect(title).toHaveFocus();
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
      fill(t.actions.problemsIn, { field: t.fields.title, error: t.fieldErrors.required }),
    );
    expect(actions.publish).not.toHaveBeenCalled();
  });

  it('after a choice in the conflict notice, says what it did and keeps the focus there', async () => {
    const user = userEvent.setup();
    renderEditor(async () => ({
      ok: false,
      reason: 'conflict',
      conflict: {
        locale: 'en',
        version: 4,
        updatedAt: '2026-11-26T11:00:00Z',
        updatedBy: 'bob@example.com',
        frontMatter: { ...document.frontMatter, title: 'Theirs' },
        body: 'Their text.',
      },
    }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${t.fields.title}`) }), '!');
    const take = await screen.findByRole('button', { name: t.conflict.takeTheirs }, { timeout: 3000 });

    await user.click(take);
    expect(screen.getByRole('textbox', { name: new RegExp(`^${t.fields.title}`) })).toHaveValue('Theirs');
    const said = screen.getAllByRole('status').find((region) => region.textContent === t.conflict.tookTheirs);
    expect(said).toHaveFocus();
  });

  it('says at the schedule field that a time is missing, and moves focus there', async () => {
    const user = userEvent.setup();
    renderEditor(unused);
    await user.click(screen.getByRole('button', { name: t.actions.schedule }));
    const at = screen.getByLabelText(t.actions.scheduleAt);
    expect(at).toHaveFocus();
    expect(at).toHaveAttribute('aria-invalid', 'true');
    expect(at).toHaveAccessibleDescription(expect.stringContaining(t.actions.notFuture));
  });
});
