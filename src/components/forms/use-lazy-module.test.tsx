import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useLazyModule } from './use-lazy-module';

describe('useLazyModule', () => {
  it('loads nothing until asked, then once, however often it is asked', async () => {
    const schema = { check: () => true };
    const importModule = vi.fn(async () => schema);
    const { result } = renderHook(() => useLazyModule(importModule));
    expect(importModule).not.toHaveBeenCalled();
    expect(result.current.current()).toBeNull();
    await act(async () => {
      await Promise.all([result.current.load(), result.current.load()]);
    });
    expect(await result.current.load()).toBe(schema);
    expect(result.current.current()).toBe(schema);
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('answers null when the chunk cannot load, and tries again on the next call', async () => {
    const schema = { check: () => true };
    const importModule = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(schema);
    const { result } = renderHook(() => useLazyModule<typeof schema>(importModule));
    expect(await result.current.load()).toBeNull();
    expect(result.current.current()).toBeNull();
    expect(await result.current.load()).toBe(schema);
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
