import { describe, expect, it } from 'vitest';
import { ALL_BITS, decodeWeight, PERM } from '@vitrine/contract';
import { allowedActions, hasBit, tabVisible } from './actions';

const MANAGER = PERM.view | PERM.create | PERM.update | PERM.delete | PERM.submit;

describe('row actions by status × bits', () => {
  it('my drafts and rejected records can be edited, submitted, copied and deleted', () => {
    for (const status of [101, 104]) {
      expect(allowedActions('mine', { status }, ALL_BITS)).toEqual([
        'edit',
        'submit',
        'copy',
        'deleteOwn',
        'history',
        'logs',
      ]);
    }
  });

  it('a submitted record of mine is only copied and read', () => {
    expect(allowedActions('mine', { status: 102 }, ALL_BITS)).toEqual(['copy', 'history', 'logs']);
  });

  it('a deleted own draft can be recovered (or copied)', () => {
    expect(allowedActions('mine', { status: 101, deleted: true }, ALL_BITS)).toEqual([
      'copy',
      'recoveryOwn',
      'history',
      'logs',
    ]);
  });

  it('reviewers pass or reject waiting records only', () => {
    expect(allowedActions('review', { status: 102 }, ALL_BITS)).toEqual(['pass', 'reject', 'history', 'logs']);
    expect(allowedActions('review', { status: 201 }, ALL_BITS)).toEqual(['pass', 'reject', 'history', 'logs']);
    expect(allowedActions('review', { status: 103 }, ALL_BITS)).toEqual(['history', 'logs']);
    expect(allowedActions('review', { status: 102 }, MANAGER)).toEqual(['history', 'logs']);
    // one's own submission is reviewed by someone else
    expect(allowedActions('review', { status: 102, own: true }, ALL_BITS)).toEqual(['history', 'logs']);
  });

  it('enabled records go online or offline and can be deleted (taking them offline), as the server allows', () => {
    expect(allowedActions('enabled', { status: 103, online: 301 }, ALL_BITS)).toEqual([
      'edit',
      'online',
      'copy',
      'delete',
      'history',
      'logs',
    ]);
    expect(allowedActions('enabled', { status: 103, online: 302 }, ALL_BITS)).toEqual([
      'edit',
      'offline',
      'copy',
      'delete',
      'history',
      'logs',
    ]);
    expect(allowedActions('enabled', { online: 301, deleted: true }, ALL_BITS)).toEqual([
      'copy',
      'recovery',
      'history',
      'logs',
    ]);
  });

  it('the caller bits cut the list (store manager has no publish or examine)', () => {
    expect(allowedActions('enabled', { online: 301 }, MANAGER)).toEqual(['edit', 'copy', 'delete', 'history', 'logs']);
    expect(allowedActions('mine', { status: 101 }, PERM.view)).toEqual(['history', 'logs']);
    expect(allowedActions('mine', { status: 101 }, decodeWeight(PERM.view | PERM.submit))).toEqual([
      'submit',
      'history',
      'logs',
    ]);
    expect(allowedActions('enabled', { online: 301 }, 0)).toEqual([]);
  });

  it('decodes bits from a weight or from powers of two', () => {
    expect(hasBit(36, 'examine')).toBe(true);
    expect(hasBit([1, 4], 'update')).toBe(true);
    expect(hasBit([1, 4], 'delete')).toBe(false);
    expect(tabVisible('review', MANAGER)).toBe(false);
    expect(tabVisible('review', ALL_BITS)).toBe(true);
  });
});
