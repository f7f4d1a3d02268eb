import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * oidc-provider's storage, in memory and per provider instance: the local provider's sessions,
 * interactions, codes and tokens end with the backend, which is what a development provider
 * wants (oidc-provider's own memory adapter is one store per process, shared by the several
 * backends a test run starts, and warns at every start).
 */
export function memoryAdapterFactory(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry !== undefined && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [stored, entry] of entries) {
        if (stored.startsWith(`${model}:`) && entry.payload[field] === value) return live(stored)?.payload;
      }
      return undefined;
    };
    return {
      upsert: async (id, payload, expiresIn) => {
        entries.set(key(id), { payload, expiresAt: expiresIn === undefined ? Infinity : Date.now() + expiresIn * 1000 });
      },
      find: async (id) => live(key(id))?.payload,
      findByUid: async (uid) => findBy('uid', uid),
      findByUserCode: async (userCode) => findBy('userCode', userCode),
      consume: async (id) => {
        const entry = live(key(id));
        if (entry !== undefined) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
      },
      destroy: async (id) => {
        entries.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const [stored, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(stored);
      },
    };
  };
}
