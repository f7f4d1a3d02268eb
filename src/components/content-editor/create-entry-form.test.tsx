import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { CreateEntryForm } from './create-entry-form';
import nl from '../../../public/locales/nl/contentEditor.json';

describe('CreateEntryForm', () => {
  it('asks for an address when none was given, rather than for other characters', async () => {
    const user = userEvent.setup();
    render(
      <CreateEntryForm
        action={async () => ({ failure: 'required', slug: '', collection: 'blog' })}
        texts={{ ...nl.create, collections: nl.list.collections }}
      />,
    );
    await user.click(screen.getByRole('button', { name: nl.create.submit }));
    // The field is there from the start; what changes, once the action has answered, is its description.
    const slug = screen.getByRole('textbox', { name: new RegExp(`^${nl.create.slug.replace(/[()]/g, '\\$&')}`) });
    await waitFor(() => expect(slug).toHaveAccessibleDescription(expect.stringContaining(nl.create.errors.required)));
  });
});
