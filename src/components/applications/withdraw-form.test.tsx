import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import type { WithdrawOutcome } from '@/lib/applications/withdraw';
import { withdrawTalentPoolCopy } from '@/lib/recruiting/talent-pool-copy';

import { WithdrawForm } from './withdraw-form';
import messages from '../../../public/locales/nl/applications.json';

const copy = {
  confirm: 'Sollicitatie intrekken en verwijderen',
  pending: 'Bezig…',
  done: 'Ingetrokken.',
  invalid: 'Ongeldig.',
  failed: 'Mislukt.',
};
// The real texts with a plain lookup: the cases' keys are the page's, and none of them needs more than {date}.
const t = (key: string, values?: { date: string }) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages.withdraw);
  return String(found).replace('{date}', values?.date ?? '');
};

function renderWith(exit: Parameters<typeof withdrawTalentPoolCopy>[0], outcome: WithdrawOutcome) {
  const action = vi.fn(async () => ({ outcome }));
  render(<WithdrawForm action={action} copy={copy} details={<p>Sollicitatie</p>} talentPool={withdrawTalentPoolCopy(exit, 'nl', t)} />);
  return action;
}

describe('WithdrawForm, leaving only the talent pool', () => {
  // jsdom lays nothing out, so it has no scrollIntoView (the status region scrolls to its answer).
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('while the procedure runs, says the application goes on, and after the click that it does', async () => {
    renderWith({ when: 'afterProcedure' }, 'left-talent-pool');
    expect(screen.getByText(/Dan loopt je sollicitatie gewoon door/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Alleen uit de talentpool gaan' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Je sollicitatie loopt gewoon door'));
  });

  it('less than four weeks after the procedure, names the day before and after the click', async () => {
    renderWith({ when: 'on', date: '2026-03-29T09:30:00.000Z' }, 'left-talent-pool');
    expect(screen.getByText(/verwijderen we je sollicitatie op 29 maart 2026/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Toestemming voor de talentpool intrekken' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('We verwijderen je sollicitatie op 29 maart 2026'));
  });

  it('four weeks or more after the procedure, says it deletes at once, and then that it did', async () => {
    renderWith({ when: 'now' }, 'left-and-deleted');
    expect(screen.getByText(/verwijderen we je sollicitatie meteen/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Toestemming intrekken en verwijderen' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(messages.withdraw.talentPool.ended.done));
    expect(screen.queryByText(/gewoon door/)).not.toBeInTheDocument();
  });
});
