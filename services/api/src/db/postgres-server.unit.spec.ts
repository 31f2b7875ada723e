import { describe, expect, it } from 'vitest';
import { failureReason } from './postgres-server.ts';

describe('the reason a failed start gives', () => {
  it("is PostgreSQL's FATAL line with its hint, without timestamps, on one line", () => {
    const output = [
      '2026-11-23 10:33:44.417 UTC [1980] FATAL:  lock file "postmaster.pid" already exists',
      '2026-11-23 10:33:44.417 UTC [1980] HINT:  Is another postmaster (PID 1802) running in data directory "/data/cluster"?',
      '2026-11-23 10:33:44.418 UTC [1980] LOG:  database system is shut down',
      '',
    ].join('\n');
    expect(failureReason(output)).toBe(
      'FATAL: lock file "postmaster.pid" already exists HINT: Is another postmaster (PID 1802) running in data directory "/data/cluster"?',
    );
  });

  it("is initdb's error when initdb fails", () => {
    expect(failureReason('initdb: error: directory "/data/cluster" exists but is not empty\ninitdb: hint: Remove it.\n')).toBe(
      'initdb: error: directory "/data/cluster" exists but is not empty initdb: hint: Remove it.',
    );
  });

  it('is the last lines of output when PostgreSQL names no error', () => {
    expect(failureReason('one\ntwo\nthree\nfour\n')).toBe('two three four');
    expect(failureReason('')).toBe('no output');
  });
});
