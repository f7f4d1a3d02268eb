import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { EnrolmentLinkForm } from './enrolment-link-form';
import nl from '../../../public/locales/nl/staff.json';

const texts = {
  submit: nl.issue.submit,
  pending: nl.issue.pending,
  issued: nl.issue.issued,
  linkLabel: nl.issue.linkLabel,
  failed: nl.issue.failed,
};

describe('EnrolmentLinkForm', () => {
  it('tells each account’s button apart by the account it is for', () => {
    render(
      <ul>
        {['ada@example.com', 'bob@example.com'].map((email) => (
          <li key={email}>
            <h3 id={`account-${email}`}>{email}</h3>
            <EnrolmentLinkForm action={async () => ({})} email={email} describedBy={`account-${email}`} texts={texts} />
          </li>
        ))}
      </ul>,
    );
    const buttons = screen.getAllByRole('button', { name: nl.issue.submit });
    expect(buttons[0]).toHaveAccessibleDescription('ada@example.com');
    expect(buttons[1]).toHaveAccessibleDescription('bob@example.com');
  });
});
