import { describe, expect, it } from 'vitest';
import { judgeLock, type LockFacts, type RunningProcess } from './postmaster-lock.ts';

const cluster = '/data/postgres/cluster';
const running = (overrides: Partial<RunningProcess> = {}): LockFacts['process'] => ({
  program: 'postgres',
  cwd: cluster,
  parent: { pid: 100, program: 'node' },
  ...overrides,
});
const judged = (process: LockFacts['process'], pid: number | undefined = 4242) => judgeLock({ pid, process }, cluster);

describe('the lock file left by a crash', () => {
  it('is removed when its process has exited, is a zombie, or the file names no process', () => {
    expect(judged('gone')).toEqual({ action: 'remove', why: 'process 4242 has exited' });
    expect(judged('zombie')).toMatchObject({ action: 'remove', why: expect.stringContaining('zombie') });
    expect(judged('gone', undefined)).toMatchObject({ action: 'remove' });
  });

  it('is removed when its pid now belongs to another program or to a PostgreSQL of another cluster', () => {
    expect(judged(running({ program: 'sleep' }))).toMatchObject({ action: 'remove', why: expect.stringContaining("'sleep'") });
    expect(judged(running({ cwd: '/elsewhere/cluster' }))).toMatchObject({ action: 'remove', why: expect.stringContaining('/elsewhere') });
  });

  it('is waited on while this cluster’s postmaster runs under a live launcher', () => {
    expect(judged(running())).toMatchObject({ action: 'wait' });
    expect(judged(running({ parent: { pid: 100, program: 'node-MainThread' } }))).toMatchObject({ action: 'wait' });
  });

  it('is waited on when nothing more can be told about a live process (no /proc, unreadable folder)', () => {
    expect(judged('unknown')).toMatchObject({ action: 'wait' });
    expect(judged(running({ cwd: undefined, parent: { pid: 1, program: 'init' } }))).toMatchObject({ action: 'wait' });
  });

  it('has its postmaster asked to stop when the process that started it is gone', () => {
    expect(judged(running({ parent: { pid: 1, program: 'systemd' } }))).toMatchObject({ action: 'stop', why: expect.stringContaining("'systemd'") });
    expect(judged(running({ parent: { pid: 1, program: undefined } }))).toMatchObject({ action: 'stop' });
  });
});
