import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import type { EditorDocument, EditorEntry } from '@/lib/content-editor/types';

import { ContentEditor } from './content-editor';
import type { EditorActions } from './editor-actions';
import { fill } from './texts';
import nl from '../../../public/locales/nl/contentEditor.json';

vi.mock('./markdown-editor', () => ({ default: () => null }));

const t = nl.editor;
/** A name that starts with `text` (a label followed by its marks). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const document: EditorDocument = {
  locale: 'nl',
  frontMatter: { title: 'Een post', description: 'Over iets.', date: '2026-11-26', author: 'Ada', tags: ['a'] },
  body: 'Tekst.',
  version: 1,
  updatedAt: '2026-11-26T10:00:00Z',
  updatedBy: null,
  status: 'published',
  liveVersion: 1,
  scheduledFor: null,
};
const entry: EditorEntry = {
  id: 'entry',
  collection: 'blog',
  kind: 'blog',
  slug: 'een-post',
  firstPublishedAt: '2026-11-26T10:00:00Z',
  documents: { nl: document },
};
const unused = () => Promise.reject(new Error('not called in this test'));

function renderEditor(overrides: Partial<EditorActions>) {
  const actions: EditorActions = {
    save: unused,
    saveVersion: unused,
    publish: unused,
    schedule: unused,
    unpublish: unused,
    history: unused,
    restore: unused,
    changeSlug: unused,
    heartbeat: async () => ({ ok: true, others: [] }),
    leave: async () => ({ ok: true }),
    ...overrides,
  };
  render(
    <ContentEditor
      heading="Een post bewerken"
      entry={entry}
      actions={actions}
      texts={{ ...t, status: nl.status }}
      uiLocale="nl"
      siteUrl="https://example.com"
      counters={{}}
    />,
  );
}

describe('ContentEditor', () => {
  it('marks the unticked confirmation when a published address changes, and moves focus to it', async () => {
    const user = userEvent.setup();
    renderEditor({ changeSlug: async () => ({ ok: false, reason: 'confirmSlug' }) });
    const slug = screen.getByRole('textbox', { name: startsWith(t.slug.label) });
    await user.clear(slug);
    await user.type(slug, 'een-nieuw-adres');
    await user.click(screen.getByRole('button', { name: t.slug.submit }));
    const confirm = screen.getByRole('checkbox', { name: t.slug.confirm });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(t.slug.confirmNeeded);
  });

  it('says who else has the entry open in a status region that is there before they come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let others: { email: string; seenAt: string }[] = [];
    renderEditor({ heartbeat: async () => ({ ok: true, others }) });
    const said = fill(t.presence.others, { emails: 'bob@example.com' });
    const before = screen.getAllByRole('status');
    others = [{ email: 'bob@example.com', seenAt: '2026-11-26T10:00:00Z' }];
    await vi.advanceTimersByTimeAsync(20_000);
    vi.useRealTimers();
    const region = await screen.findByText(said);
    expect(before).toContain(region.closest('[role="status"]'));
  });
});
