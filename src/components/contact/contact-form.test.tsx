import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ContactForm, type ContactFormCopy } from '@/components/contact/contact-form';
import type { ContactFormState } from '@/lib/contact/contact-form-state';

// Idle work runs only when a test says so: that is how a test sees the form before the
// shared schema has loaded (a slow phone, a busy main thread).
const idle = vi.hoisted(() => ({ tasks: [] as (() => void)[] }));
vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    idle.tasks.push(task);
    return () => undefined;
  },
}));

const copy: ContactFormCopy = {
  title: 'Contact form',
  lead: 'Fields with * are required.',
  name: 'Name',
  email: 'Email address',
  company: 'Company',
  phone: 'Phone',
  optional: '(optional)',
  subject: 'Subject',
  subjects: { general: 'A general question', project: 'A project', vacancy: 'A vacancy' },
  vacancy: 'Vacancy',
  message: 'Message',
  messageHint: 'At least 10 characters.',
  consent: 'I agree',
  honeypot: 'Leave empty',
  submit: 'Send',
  sending: 'Sending…',
  errorSummary: 'Please check the marked fields.',
  errors: {
    'email.invalid': 'Enter a valid email address.',
    'message.tooShort': 'Write at least {min} characters.',
    'consent.required': 'Please agree.',
  },
  sent: { title: 'Thank you', text: 'We will reply soon.' },
  failed: { rateLimited: 'Too many messages.', unavailable: 'Try again later.' },
};

async function fillInvalid() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Name/), 'Sanne de Vries');
  await user.type(screen.getByLabelText(/^Email address/), 'sanne@');
  await user.type(screen.getByLabelText(/^Message/), 'Hoi');
  return user;
}

describe('ContactForm', () => {
  it('moves focus to the first invalid field when the server finds the problems, before the schema has loaded', async () => {
    idle.tasks = [];
    const action = vi.fn(
      async (_state: ContactFormState, form: FormData): Promise<ContactFormState> => ({
        status: 'invalid',
        values: { name: String(form.get('name')), email: String(form.get('email')), message: String(form.get('message')) },
        errors: { email: 'email.invalid', message: 'message.tooShort', consent: 'consent.required' },
      }),
    );
    render(<ContactForm action={action} copy={copy} initialSubject="project" />);

    const user = await fillInvalid();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = await screen.findByRole('textbox', { name: /^Email address/ });
    await waitFor(() => expect(email).toHaveFocus());
    expect(action).toHaveBeenCalledOnce();
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Sanne de Vries');
  });

  it('checks in the browser once the schema has loaded: no round trip, focus on the first invalid field', async () => {
    idle.tasks = [];
    const action = vi.fn(async (): Promise<ContactFormState> => ({ status: 'idle', values: {} }));
    render(<ContactForm action={action} copy={copy} initialSubject="project" />);
    await act(async () => {
      for (const task of idle.tasks) task();
      await import('@/lib/contact/contact-schema');
    });

    const user = await fillInvalid();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByRole('textbox', { name: /^Email address/ });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Please agree.');
    expect(action).not.toHaveBeenCalled();
  });
});
