import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { joinParts } from '../../base/common/contract.ts';
import { channelNames, contract, pushNames } from '../../app/common/ipc.ts';

describe('the contract joined from the features’ parts', () => {
  it('keeps every part’s names, in order', () => {
    const joined = joinParts({ 'a:one': z.null() }, { 'b:two': z.string(), 'b:three': z.number() });
    expect(Object.keys(joined)).toEqual(['a:one', 'b:two', 'b:three']);
  });

  it('refuses a name two parts both claim, naming it', () => {
    expect(() => joinParts({ 'history:coverage': z.null() }, { 'history:coverage': z.string() })).toThrow(
      "Two features' contracts both name history:coverage.",
    );
  });

  it('names every channel and push domain:verb, each once', () => {
    for (const name of [...channelNames, ...pushNames]) expect(name).toMatch(/^[a-z]+:[a-zA-Z]+$/);
    expect(new Set(channelNames).size).toBe(channelNames.length);
    expect(channelNames).toContain('send:start');
    expect(contract['history:coverage'].output).toBeDefined();
  });
});
