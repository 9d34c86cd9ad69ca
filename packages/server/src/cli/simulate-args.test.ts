import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSimulateArgs } from './simulate-args.js';

// `npm run simulate -- --help` ended in a stack trace (issue 24 §1): the usage, and a wrong option
// or value named with the usage, exit 2.

describe('npm run simulate arguments', () => {
  it('--help and -h ask for the usage; options are read with their defaults', () => {
    expect(parseSimulateArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseSimulateArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parseSimulateArgs(['--devices', '3', '--speed', '2.5'])).toEqual({
      kind: 'run',
      args: {
        devices: 3,
        speed: 2.5,
        history: 0,
        url: undefined,
        phone: undefined,
        password: undefined,
        enterprise: undefined,
      },
    });
    expect(parseSimulateArgs([])).toMatchObject({ kind: 'run', args: { speed: 1, history: 0 } });
  });

  it('an unknown option or a wrong value is an error naming it', () => {
    expect(parseSimulateArgs(['--bogus'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('--bogus'),
    });
    for (const argv of [
      ['--devices', 'x'],
      ['--devices', '0'],
      ['--devices', '1.5'],
      ['--speed', '-1'],
      ['--history', ''],
    ]) {
      expect(parseSimulateArgs(argv), argv.join(' ')).toMatchObject({
        kind: 'error',
        message: expect.stringContaining(argv[0]),
      });
    }
  });

  it('the command prints the usage and exits 0, without a stack trace', () => {
    const root = join(import.meta.dirname, '../../../..');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'packages/server/src/cli/simulate.ts'), '--help'],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run simulate -- \[options\]/);
    expect(run.stderr).not.toMatch(/\bat \S+ \(|Error/);
    const bad = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'packages/server/src/cli/simulate.ts'), '--devices', 'x'],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^--devices must be a number/);
    expect(bad.stderr).not.toMatch(/\bat \S+ \(/);
  });
});
