import { describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { forward } from '../../../app/ipc/forward.ts';

describe('forward: the handlers of channels that only call a service', () => {
  it('passes the parsed input whole, or the one field named, to the method, with the service as this', async () => {
    const calls: unknown[] = [];
    const service = {
      prefix: 'view of',
      view(id: string) {
        calls.push(id);
        return `${this.prefix} ${id}`;
      },
      list: (input: { filter: string }) => (calls.push(input), []),
    };
    const handlers = forward(service, { 'runs:get': ['view', 'id'], 'runs:list': 'list' } as never) as unknown as Record<
      string,
      (input: unknown) => Promise<unknown>
    >;
    expect(await handlers['runs:get']!({ id: 'r1' })).toBe('view of r1');
    expect(await handlers['runs:list']!({ filter: 'x' })).toEqual([]);
    expect(calls).toEqual(['r1', { filter: 'x' }]);
  });

  it('answers null for a method that answers nothing, sync or async', async () => {
    const service = { stop: (_runId: string): void => undefined, close: async (): Promise<void> => undefined };
    const handlers = forward(service, { 'runs:stop': ['stop', 'runId'], 'workspace:close': 'close' });
    expect(await handlers['runs:stop']({ runId: 'r1' })).toBeNull();
    expect(await handlers['workspace:close'](undefined)).toBeNull();
  });

  it('asks a service given as a function for it at each call, so one that is missing fails that call only', async () => {
    let sandbox: { traffic(): never[] } | null = null;
    const handlers = forward(
      () => {
        if (!sandbox) throw new AppError('no-sandbox', 'The embedded sandbox is not running.');
        return sandbox;
      },
      { 'sandbox:traffic': 'traffic' },
    );
    await expect(handlers['sandbox:traffic'](undefined)).rejects.toMatchObject({ code: 'no-sandbox' });
    sandbox = { traffic: () => [] };
    expect(await handlers['sandbox:traffic'](undefined)).toEqual([]);
  });

  it('passes on what the method throws, for the dispatch to answer', async () => {
    const handlers = forward({ active: async () => Promise.reject(new AppError('plan-invalid', 'No plan.')) }, { 'plans:active': 'active' });
    await expect(handlers['plans:active'](undefined)).rejects.toMatchObject({ code: 'plan-invalid' });
  });
});
