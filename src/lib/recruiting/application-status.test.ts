import { describe, expect, it } from 'vitest';

import { deletionDue, endsProcedure, isApplicationStatus, statusUnchanged, talentPoolExit } from './application-status';

describe('isApplicationStatus', () => {
  it('knows the pipeline, and nothing else', () => {
    for (const status of ['new', 'in_review', 'interview', 'offer', 'hired', 'rejected']) expect(isApplicationStatus(status)).toBe(true);
    for (const value of ['', 'archived', 'NEW', null, undefined, 1, ['new']]) expect(isApplicationStatus(value)).toBe(false);
  });

  it('ends the procedure on hired and rejected only', () => {
    expect(endsProcedure('hired')).toBe(true);
    expect(endsProcedure('rejected')).toBe(true);
    expect(endsProcedure('offer')).toBe(false);
  });
});

describe('deletionDue', () => {
  it('is four weeks after the procedure ended, without the talent pool', () => {
    expect(
      deletionDue({
        created_at: '2026-01-01T10:00:00Z',
        talent_pool: false,
        status: 'rejected',
        procedure_ended_at: '2026-03-01T09:30:00.000Z',
      }),
    ).toEqual({
      date: '2026-03-29T09:30:00.000Z',
      known: true,
    });
  });

  it('is not known while the procedure runs, but is a year after arrival at the latest', () => {
    expect(
      deletionDue({ created_at: '2026-01-01T10:00:00.000Z', talent_pool: false, status: 'in_review', procedure_ended_at: null }),
    ).toEqual({
      date: '2027-01-01T10:00:00.000Z',
      known: false,
    });
  });

  it('is a year after arrival when the procedure ends less than four weeks before that', () => {
    expect(
      deletionDue({
        created_at: '2026-01-01T10:00:00.000Z',
        talent_pool: false,
        status: 'rejected',
        procedure_ended_at: '2026-12-20T10:00:00Z',
      }),
    ).toEqual({
      date: '2027-01-01T10:00:00.000Z',
      known: true,
    });
  });

  it('is four weeks after the procedure for someone hired, talent pool or not: the pool is for future vacancies', () => {
    expect(
      deletionDue({
        created_at: '2026-01-01T10:00:00Z',
        talent_pool: true,
        status: 'hired',
        procedure_ended_at: '2026-03-01T09:30:00.000Z',
      }),
    ).toEqual({
      date: '2026-03-29T09:30:00.000Z',
      known: true,
    });
  });

  it('is a calendar year after arrival with the talent pool, whatever the procedure did', () => {
    expect(
      deletionDue({
        created_at: '2026-01-01T10:00:00.000Z',
        talent_pool: true,
        status: 'rejected',
        procedure_ended_at: '2026-02-01T10:00:00Z',
      }),
    ).toEqual({
      date: '2027-01-01T10:00:00.000Z',
      known: true,
    });
    expect(
      deletionDue({ created_at: '2027-03-05T08:00:00.000Z', talent_pool: true, status: 'interview', procedure_ended_at: null }),
    ).toEqual({
      date: '2028-03-05T08:00:00.000Z',
      known: true,
    });
  });
});

describe('statusUnchanged', () => {
  it('holds while the status is the one the application arrived with', () => {
    expect(statusUnchanged({ created_at: '2026-01-01T10:00:00.123+00:00', status_changed_at: '2026-01-01T10:00:00.123Z' })).toBe(true);
    expect(statusUnchanged({ created_at: '2026-01-01T10:00:00.123Z', status_changed_at: '2026-01-02T08:00:00Z' })).toBe(false);
  });
});

describe('talentPoolExit', () => {
  const application = { created_at: '2026-01-01T10:00:00Z', status: 'rejected' as const, procedure_ended_at: '2026-03-01T09:30:00.000Z' };

  it('waits for the end of a procedure that still runs', () => {
    expect(talentPoolExit({ ...application, status: 'interview', procedure_ended_at: null }, new Date('2026-03-10T00:00:00Z'))).toEqual({
      when: 'afterProcedure',
    });
  });

  it('names the day four weeks after a procedure that ended less than four weeks ago', () => {
    expect(talentPoolExit(application, new Date('2026-03-10T00:00:00Z'))).toEqual({ when: 'on', date: '2026-03-29T09:30:00.000Z' });
  });

  it('deletes at once when the procedure ended four weeks ago or longer', () => {
    expect(talentPoolExit(application, new Date('2026-03-29T09:30:00.000Z'))).toEqual({ when: 'now' });
    expect(talentPoolExit(application, new Date('2026-11-01T00:00:00Z'))).toEqual({ when: 'now' });
  });

  it('keeps the one-year limit: an ended procedure never outlives a year after arrival', () => {
    expect(talentPoolExit({ ...application, procedure_ended_at: '2026-12-20T00:00:00Z' }, new Date('2026-12-25T00:00:00Z'))).toEqual({
      when: 'on',
      date: '2027-01-01T10:00:00.000Z',
    });
  });
});
