import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ApplicationForm as ApplicationFormType, ApplicationFormCopy } from '@/components/applications/application-form';
import { nestedErrorTextsOf } from '@/i18n/error-texts';

import messages from '../../../public/locales/nl/applications.json';

// jsdom's FormData leaves out a file chosen in a test, so the form's own file check would ask for
// a CV; that check has its own tests (application-schema.test.ts), and here every file passes.
// Each test imports the form afresh with that stand-in, so none depends on which test loaded the schema first.
let ApplicationForm: typeof ApplicationFormType;
beforeEach(async () => {
  vi.resetModules();
  vi.doMock('@/lib/applications/application-schema', async (importOriginal) => ({
    ...(await importOriginal<typeof import('@/lib/applications/application-schema')>()),
    checkChosenFile: () => null,
  }));
  ({ ApplicationForm } = await import('@/components/applications/application-form'));
});

const { form, failed } = messages;
const copy: ApplicationFormCopy = {
  ...form,
  consent: form.consent.replace(/<\/?link>/g, ''),
  motivationHint: form.motivationHint.replace('{min}', '50'),
  counter: { max: 4000, locale: 'nl', count: '{count} van 4000 tekens', remaining: 'Nog {remaining}.', over: '{over} te veel.' },
  errors: nestedErrorTextsOf(messages.errors, (key) => key),
  failed: { ...failed, network: failed.network },
};

/** A stand-in for the one XMLHttpRequest the form sends: it answers with `answer` as JSON. */
function answerUploadsWith(answer: unknown) {
  const sent: FormData[] = [];
  class FakeRequest extends EventTarget {
    upload = new EventTarget();
    response: unknown = null;
    responseType = '';
    open() {}
    setRequestHeader() {}
    send(data: FormData) {
      sent.push(data);
      this.response = answer;
      queueMicrotask(() => this.dispatchEvent(new Event('load')));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

function fillIn() {
  fireEvent.change(screen.getByLabelText(/^Naam/), { target: { value: 'Sanne de Vries' } });
  fireEvent.change(screen.getByLabelText(/^E-mailadres/), { target: { value: 'sanne@example.nl' } });
  const motivation = 'Ik bouw graag software die mensen echt verder helpt, al tien jaar.';
  fireEvent.change(screen.getByLabelText(/^Motivatie/), { target: { value: motivation } });
  fireEvent.click(screen.getByRole('checkbox', { name: /privacyverklaring/ }));
}

const vacancyField = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="hidden"][name="vacancy"]');

afterEach(async () => {
  vi.unstubAllGlobals();
  // A form that asked for the schema may end its test before it arrives; let it settle here.
  await import('@/lib/applications/application-schema');
});

describe('ApplicationForm, when the vacancy closes while someone applies', () => {
  it('turns into an open application, so sending again is the way out the message offers', async () => {
    const sent = answerUploadsWith({ status: 'failed', reason: 'vacancyClosed' });
    const { container } = render(<ApplicationForm locale="nl" vacancySlug="medior-dotnet-developer" copy={copy} />);
    expect(vacancyField(container)).toHaveValue('medior-dotnet-developer');
    fillIn();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: form.submit })));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(failed.vacancyClosed));
    expect(sent[0]?.get('vacancy')).toBe('medior-dotnet-developer');
    expect(vacancyField(container)).toHaveValue('');
    expect(screen.getByRole('button', { name: form.submitOpen })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Naam/)).toHaveValue('Sanne de Vries');
  });

  it('comes back from the retry page (no JavaScript) as an open application', () => {
    const initial = { values: { name: 'Sanne' }, errors: {}, failure: 'vacancyClosed' } as const;
    const { container } = render(<ApplicationForm locale="nl" vacancySlug={null} copy={copy} initial={initial} />);
    expect(screen.getByRole('alert')).toHaveTextContent(failed.vacancyClosed);
    expect(vacancyField(container)).toHaveValue('');
    expect(screen.getByRole('button', { name: form.submitOpen })).toBeInTheDocument();
  });
});

describe('ApplicationForm, in the order the browser sends it', () => {
  it('sends every text field and box before the first file, so a refusal before the upload can give the text back', () => {
    const { container } = render(<ApplicationForm locale="nl" vacancySlug={null} copy={copy} />);
    const form = container.querySelector('form');
    const names = [...(form?.elements ?? [])].flatMap((element) =>
      element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
        ? [{ name: element.name, file: element.type === 'file' }]
        : [],
    );
    const firstFile = names.findIndex((field) => field.file);
    expect(firstFile).toBeGreaterThan(0);
    expect(names.slice(firstFile).every((field) => field.file)).toBe(true);
    expect(names.slice(0, firstFile).map((field) => field.name)).toEqual(
      expect.arrayContaining([
        'locale',
        'vacancy',
        'name',
        'email',
        'phone',
        'profileUrl',
        'motivation',
        'website',
        'consent',
        'talentPool',
      ]),
    );
  });
});
