import { describe, expect, it } from 'vitest';
import { parseFlag, readSucceedState } from './flags';
import { parseStep } from '../register/step';

describe('register_succeed flag', () => {
  it('reads 1 as created and 2 as join requested', () => {
    expect(parseFlag('1')).toBe('created');
    expect(parseFlag('2')).toBe('joinRequested');
    expect(parseFlag(null)).toBe('unknown');
    expect(parseFlag('3')).toBe('unknown');
  });

  it('keeps only string title and code from navigation state', () => {
    expect(readSucceedState({ title: 'Acme', code: 'E1001' })).toEqual({ title: 'Acme', code: 'E1001' });
    expect(readSucceedState({ title: 5 })).toEqual({ title: undefined, code: undefined });
    expect(readSucceedState(null)).toEqual({});
  });
});

describe('register ?step=', () => {
  it('accepts create and join only', () => {
    expect(parseStep('create')).toBe('create');
    expect(parseStep('join')).toBe('join');
    expect(parseStep('other')).toBeNull();
    expect(parseStep(null)).toBeNull();
  });
});
