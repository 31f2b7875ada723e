import type { RebuildProgress } from './rebuild.ts';

const BAR_WIDTH = 30;
/** Plain lines (not a terminal) at most this often, and at each change of phase. */
const LINE_EVERY_MS = 2_000;

const formatDuration = (ms: number): string => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
};

/** `events done, events/s, ETA` in words; the ETA needs the log's size, which not every store can tell cheaply. */
export const describeProgress = (progress: RebuildProgress): string => {
  const rate = progress.elapsedMs > 0 ? (progress.events * 1000) / progress.elapsedMs : 0;
  const of = progress.total !== undefined ? `/${progress.total.toLocaleString('en-US')}` : '';
  const left = progress.total !== undefined && rate > 0 ? Math.max(0, progress.total - progress.events) / rate : undefined;
  const eta = progress.phase === 'replay' && left !== undefined ? `, ETA ${formatDuration(left * 1000)}` : '';
  return `${progress.phase}: ${progress.events.toLocaleString('en-US')}${of} events, ${Math.round(rate).toLocaleString('en-US')} events/s${eta}, ${formatDuration(progress.elapsedMs)}`;
};

/**
 * Where progress goes: a bar redrawn in place on a terminal, plain lines every few seconds
 * otherwise (logs, CI).
 */
export const progressDisplay = (out: NodeJS.WriteStream = process.stderr): { update(progress: RebuildProgress): void; finish(): void } => {
  let lastLine = 0;
  let lastPhase: RebuildProgress['phase'] | undefined;
  let drawn = false;
  return {
    update(progress) {
      if (out.isTTY) {
        const fraction = progress.total ? Math.min(1, progress.events / progress.total) : progress.phase === 'done' ? 1 : 0;
        const filled = Math.round(fraction * BAR_WIDTH);
        const bar = progress.total !== undefined || progress.phase === 'done' ? `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ` : '';
        out.write(`\r\x1b[2K${bar}${describeProgress(progress)}`);
        drawn = true;
        return;
      }
      const now = Date.now();
      if (progress.phase === lastPhase && now - lastLine < LINE_EVERY_MS) return;
      lastLine = now;
      lastPhase = progress.phase;
      out.write(`${describeProgress(progress)}\n`);
    },
    finish() {
      if (drawn) out.write('\n');
    },
  };
};
