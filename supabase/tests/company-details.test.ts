import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { companyDefaults } from '../../src/lib/company/defaults';
import type { Database } from '../../src/lib/supabase/database.types';

// The company details: everyone reads the published version through company_details(); only an
// admin at aal2 reads the versions and saves or publishes one, and the database refuses details
// that break a rule, whoever sends them.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

type Client = SupabaseClient<Database>;

let backend: TestBackend;
let admin: Client;
let adminStaff: Client;
let adminId: string;
const OUTSIDERS = ['an anonymous visitor', 'a signed-in user', 'staff without the admin role at aal2', 'an admin at aal1'] as const;
const outsiders = new Map<(typeof OUTSIDERS)[number], Client>();

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  const boss = await staffWithFactor(backend, ['admin']);
  adminStaff = boss.aal2;
  adminId = boss.id;
  const content = await staffWithFactor(backend, ['content', 'recruiting', 'inbox']);
  outsiders.set('an anonymous visitor', backend.client());
  outsiders.set('a signed-in user', (await signedIn(backend, DEMO)).client);
  outsiders.set('staff without the admin role at aal2', content.aal2);
  outsiders.set('an admin at aal1', (await signedIn(backend, boss.account)).client);
});
afterAll(async () => {
  await backend?.close();
});

const published = async () => (await backend.client().rpc('company_details')).data;

describe('the published company details', () => {
  it('are today’s details until an admin publishes others', async () => {
    expect(await published()).toEqual(companyDefaults);
  });
});

describe('an admin at aal2', () => {
  it('saves a version that stays unpublished until they publish it, and the history says who and when', async () => {
    const moved = { ...companyDefaults, phone: '+31387654321', phoneDisplay: '038 765 43 21' };
    const saved = await adminStaff.rpc('company_details_save', { wanted: moved });
    expect(saved.error).toBeNull();
    expect(await published()).toEqual(companyDefaults);

    const publication = await adminStaff.rpc('company_details_publish', { wanted_version: saved.data ?? 0 });
    expect(publication.error).toBeNull();
    expect(await published()).toEqual(moved);

    const history = await adminStaff.rpc('company_details_history');
    expect(history.error).toBeNull();
    const [newest] = history.data ?? [];
    expect(newest).toMatchObject({ id: saved.data, live: true, details: moved });
    const stored = await admin
      .from('company_details_versions')
      .select('created_by')
      .eq('id', saved.data ?? 0)
      .single();
    expect(stored.data).toEqual({ created_by: adminId });

    // Going back is publishing the first version again.
    const first = history.data?.at(-1)?.id ?? 0;
    expect((await adminStaff.rpc('company_details_publish', { wanted_version: first })).error).toBeNull();
    expect(await published()).toEqual(companyDefaults);
  });

  it.each([
    ['a 7-digit KvK number', { kvk: '1234567' }],
    ['a VAT number that is not Dutch', { vatId: 'DE123456789' }],
    ['a postcode without its letters', { address: { ...companyDefaults.address, postcode: '8011' } }],
    ['a phone number that is not E.164', { phone: '0381234567' }],
    ['a shown number that is not the number dialled', { phoneDisplay: '038 765 43 21' }],
    ['an address that is no e-mail address', { email: 'hallo at bitwerf.nl' }],
    ['a field the site does not know', { iban: 'NL00BANK0123456789' }],
    ['an empty registered name', { legalName: '' }],
  ])('cannot save %s', async (_case, change) => {
    const { error } = await adminStaff.rpc('company_details_save', { wanted: { ...companyDefaults, ...change } });
    expect(error?.code).toBe('23514');
  });

  it('cannot write the tables, only call the functions', async () => {
    const inserted = await adminStaff.from('company_details_versions').insert({ details: companyDefaults });
    const publishedDirectly = await adminStaff.from('company_details_publications').insert({ version_id: 1 });
    for (const result of [inserted, publishedDirectly]) expect(result.error?.code).toBe('42501');
    const publishedNothing = await adminStaff.rpc('company_details_publish', { wanted_version: 999_999 });
    expect(publishedNothing.error?.code).toBe('BW404');
  });
});

describe('everyone else', () => {
  it.each(OUTSIDERS)('%s reads the published details and nothing more, and changes nothing', async (name) => {
    const client = outsiders.get(name);
    if (client === undefined) throw new Error(`no client for ${name}`);
    expect((await client.rpc('company_details')).data).toEqual(await published());
    for (const table of ['company_details_versions', 'company_details_publications'] as const) {
      const { data } = await client.from(table).select('*');
      expect(data ?? [], `${name} reads ${table}`).toEqual([]);
    }
    expect((await client.rpc('company_details_history')).error, `${name} reads the history`).not.toBeNull();
    const saved = await client.rpc('company_details_save', {
      wanted: { ...companyDefaults, phone: '+31201234567', phoneDisplay: '020 123 4567' },
    });
    expect(saved.error, `${name} saves`).not.toBeNull();
    expect((await client.rpc('company_details_publish', { wanted_version: 1 })).error, `${name} publishes`).not.toBeNull();
    expect(await published()).toEqual(companyDefaults);
  });
});
