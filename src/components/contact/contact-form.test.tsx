import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ContactForm as ContactFormType, ContactFormCopy } from '@/components/contact/contact-form';
import { nestedErrorTextsOf } from '@/i18n/error-texts';
import type { ContactFormState } from '@/lib/contact/contact-form-state';

import contactMessages from '../../../public/locales/nl/contact.json';

// Records when the form first asks for the shared schema. Whether it has loaded is module state, so
// each test imports the form afresh, with a schema module that has not been asked for yet.
const schemaModule = { loaded: false };
let ContactForm: typeof ContactFormType;

beforeEach(async () => {
  vi.resetModules();
  schemaModule.loaded = false;
  vi.doMock('@/lib/contact/contact-schema', async (importOriginal) => {
    schemaModule.loaded = true;
    return importOriginal();
  });
  ({ ContactForm } = await import('@/components/contact/contact-form'));
});
afterEach(async () => {
  // A form that asked for the schema may end its test before the schema arrives; the import joins
  // that load, so it settles here and not inside the next test's fresh modules.
  await import('@/lib/contact/contact-schema');
});

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
  // A text for every key (the form's type asks for all of them), three of them worded here.
  errors: {
    ...nestedErrorTextsOf(contactMessages.form.errors, (key) => key),
    'email.invalid': 'Enter a valid email address.',
    'message.tooShort': 'Write at least {min} characters.',
    'consent.required': 'Please agree.',
  },
  sent: { title: 'Thank you', text: 'We will reply soon.' },
  failed: { rateLimited: 'Too many messages.', busy: 'Too busy.', unavailable: 'Try again later.', badRequest: 'Reload the page.' },
};

async function typeInvalid() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Name/), 'Sanne de Vries');
  await user.type(screen.getByLabelText(/^Email address/), 'sanne@');
  await user.type(screen.getByLabelText(/^Message/), 'Hoi');
  return user;
}

describe('ContactForm', () => {
  it('leaves the schema out of the page load and fetches it when the visitor reaches into the form', async () => {
    render(<ContactForm action={vi.fn()} copy={copy} vacancyTitles={{}} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(schemaModule.loaded).toBe(false);

    fireEvent.focus(screen.getByLabelText(/^Name/));

    await waitFor(() => expect(schemaModule.loaded).toBe(true));
  });

  it('moves focus to the first invalid field when the server finds the problems, before the schema has loaded', async () => {
    const action = vi.fn(async (_state: ContactFormState, form: FormData): Promise<ContactFormState> => ({
      status: 'invalid',
      values: { name: String(form.get('name')), email: String(form.get('email')), message: String(form.get('message')) },
      errors: { email: 'email.invalid', message: 'message.tooShort', consent: 'consent.required' },
    }));
    const { container } = render(<ContactForm action={action} copy={copy} vacancyTitles={{}} />);
    // Filled and sent without focus or pointer events, as a script or a very quick visitor
    // could: nothing has asked for the schema, so only the server can answer.
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Sanne de Vries' } });
    fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: 'sanne@' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Hoi' } });
    const form = container.querySelector('form');
    if (!form) throw new Error('no form rendered');
    fireEvent.submit(form);

    const email = await screen.findByRole('textbox', { name: /^Email address/ });
    await waitFor(() => expect(email).toHaveFocus());
    expect(action).toHaveBeenCalledOnce();
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Sanne de Vries');
  });

  it('checks in the browser once the schema has loaded: no round trip, focus on the first invalid field', async () => {
    const action = vi.fn(async (): Promise<ContactFormState> => ({ status: 'idle', values: {} }));
    render(<ContactForm action={action} copy={copy} vacancyTitles={{}} />);

    const user = await typeInvalid();
    // The form asked for the schema on the first focus; this resolves after its own callback.
    await import('@/lib/contact/contact-schema');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByRole('textbox', { name: /^Email address/ });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Please agree.');
    expect(action).not.toHaveBeenCalled();
  });

  describe('preselected from the query', () => {
    const titles = { 'backend-developer': 'Backend developer (Go)' };
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('chooses the subject and names the vacancy by its title', () => {
      window.history.replaceState(null, '', '/contact-us?subject=vacancy&vacancy=backend-developer');
      render(<ContactForm action={vi.fn()} copy={copy} vacancyTitles={titles} />);

      expect(screen.getByRole('combobox', { name: /^Subject/ })).toHaveValue('vacancy');
      expect(screen.getByLabelText(/^Vacancy/)).toHaveValue('Backend developer (Go)');
    });

    it("shows an unknown vacancy as given, within the field's limit, and ignores an unknown subject", () => {
      window.history.replaceState(null, '', `/contact-us?subject=sales&vacancy=${'x'.repeat(200)}`);
      render(<ContactForm action={vi.fn()} copy={copy} vacancyTitles={titles} />);

      expect(screen.getByRole('combobox', { name: /^Subject/ })).toHaveValue('general');
      expect(screen.getByLabelText(/^Vacancy/)).toHaveValue('x'.repeat(120));
    });

    it('applies the query once: what the visitor chooses afterwards stays when the page renders again', () => {
      window.history.replaceState(null, '', '/contact-us?subject=vacancy');
      const { rerender } = render(<ContactForm action={vi.fn()} copy={copy} vacancyTitles={titles} />);
      const subject = screen.getByRole('combobox', { name: /^Subject/ });
      fireEvent.change(subject, { target: { value: 'general' } });

      rerender(<ContactForm action={vi.fn()} copy={copy} vacancyTitles={{ ...titles }} />);

      expect(subject).toHaveValue('general');
    });

    it('leaves alone what the visitor changed before the page was interactive', () => {
      window.history.replaceState(null, '', '/contact-us?subject=project&vacancy=backend-developer');
      // The server's HTML, changed by the visitor before React took it over.
      const server = document.createElement('div');
      server.innerHTML = renderToString(<ContactForm action={vi.fn()} copy={copy} vacancyTitles={titles} />);
      document.body.append(server);
      const select = server.querySelector('select');
      const vacancy = server.querySelector<HTMLInputElement>('input[name="vacancy"]');
      if (!select || !vacancy) throw new Error('no form rendered');
      select.value = 'vacancy';
      vacancy.value = 'Designer';

      render(<ContactForm action={vi.fn()} copy={copy} vacancyTitles={titles} />, { container: server, hydrate: true });

      expect(select).toHaveValue('vacancy');
      expect(vacancy).toHaveValue('Designer');
    });
  });
});
