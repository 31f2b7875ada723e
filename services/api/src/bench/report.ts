import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Summary } from './measure.ts';

export interface Comparison {
  metric: string;
  /** What the baseline figure measures, e.g. 'single-row INSERT commits/s'. */
  baseline: string;
  storeRate: Summary;
  baselineRate: Summary;
  /** store median / baseline median. */
  ratio: number;
}

export interface Machine {
  cores: number;
  cpuModel: string;
  platform: string;
  node: string;
  postgres: string;
}

export interface BenchReport {
  mode: 'quick' | 'full';
  startedAt: string;
  machine: Machine;
  settings: Record<string, number>;
  results: Comparison[];
}

export const compare = (metric: string, baseline: string, storeRate: Summary, baselineRate: Summary): Comparison => ({
  metric,
  baseline,
  storeRate,
  baselineRate,
  ratio: Number((storeRate.median / baselineRate.median).toFixed(2)),
});

const formatRate = (value: number): string => Math.round(value).toLocaleString('en-US');

const formatSpread = (summary: Summary): string =>
  `${summary.spreadPercent.toFixed(1)}% (${formatRate(summary.min)}–${formatRate(summary.max)})`;

const renderTable = (header: string[], rows: string[][]): string[] => {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  // The first column is text; the others are figures and read best right-aligned.
  const line = (cells: string[]): string =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
};

export const formatReport = (report: BenchReport): string => {
  const { machine, settings } = report;
  const runs = report.results[0]?.storeRate.runs.length ?? 0;
  const table = renderTable(
    ['metric', 'store', 'baseline', 'ratio', 'store spread', 'baseline spread'],
    report.results.map((r) => [
      r.metric,
      formatRate(r.storeRate.median),
      formatRate(r.baselineRate.median),
      r.ratio.toFixed(2),
      formatSpread(r.storeRate),
      formatSpread(r.baselineRate),
    ]),
  );
  const baselines = report.results.map((r) => `  ${r.metric}: ${r.baseline}`);
  const settingsLine = Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  return [
    `Event store benchmark (${report.mode}), ${report.startedAt}`,
    `machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.platform}, node ${machine.node}, PostgreSQL ${machine.postgres}`,
    `settings: ${settingsLine}`,
    `figures: median of ${runs} runs; ratio = store / baseline; spread = (max − min) / median (min–max)`,
    '',
    ...table,
    '',
    'baselines:',
    ...baselines,
    '',
  ].join('\n');
};

export const writeReportJson = async (file: string, report: BenchReport): Promise<void> => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
};
