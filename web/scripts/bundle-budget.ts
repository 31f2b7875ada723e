import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

export interface BundleBudgetOptions {
  /** The most JavaScript, in gzipped bytes, any first screen may load before interaction. */
  maxFirstScreenGzip: number;
  /** Each first screen by its path: the source modules of its lazy routes, relative to web/. */
  firstScreens: Record<string, readonly string[]>;
  /** Fail the build when over budget (else only warn). */
  enforce: boolean;
  /** Where the report for the browser test goes, relative to the output folder. */
  reportFile: string;
}

interface ChunkFacts {
  fileName: string;
  raw: number;
  gzip: number;
  imports: readonly string[];
  facade: string | null;
  isEntry: boolean;
  /** The npm packages whose code it holds, so a test can say which chunk carries recharts. */
  packages: string[];
}

/** The package a module belongs to: the first folder under node_modules, so a nested copy counts as its parent's. */
export const packageOf = (id: string): string | undefined => /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/');

export interface FirstScreenReport {
  js: string[];
  gzip: number;
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
// zlib's default level, as Vite's own report and the server's koa-compress use.
const gzipSize = (code: string | Uint8Array): number => gzipSync(code).length;

/** A chunk with every chunk it imports statically: what the browser fetches before the module runs. */
const closure = (start: string, chunks: ReadonlyMap<string, ChunkFacts>, seen = new Set<string>()): Set<string> => {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const next of chunks.get(start)?.imports ?? []) closure(next, chunks, seen);
  return seen;
};

/**
 * Prints every output file with its raw and gzip size and each first screen's JavaScript, writes that
 * report for the browser test, and fails the build when a first screen goes over the budget.
 */
export const bundleBudget = (options: BundleBudgetOptions): Plugin => {
  let logger: Logger;
  let root = '';
  let outDir = '';
  return {
    name: 'tracker:bundle-budget',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_output, bundle) {
      const chunks = new Map<string, ChunkFacts>();
      const assets: { fileName: string; raw: number; gzip: number }[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') {
          const facade = file.facadeModuleId ? path.relative(root, file.facadeModuleId) : null;
          const raw = Buffer.byteLength(file.code);
          const packages = [...new Set(file.moduleIds.map(packageOf).filter((name) => name !== undefined))].sort();
          chunks.set(file.fileName, {
            fileName: file.fileName,
            raw,
            gzip: gzipSize(file.code),
            imports: file.imports,
            facade,
            isEntry: file.isEntry,
            packages,
          });
        } else if (/\.(css|html|svg|js)$/.test(file.fileName)) {
          assets.push({ fileName: file.fileName, raw: Buffer.byteLength(file.source), gzip: gzipSize(file.source) });
        }
      }

      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
      const screens: Record<string, FirstScreenReport> = {};
      const problems: string[] = [];
      for (const [screen, modules] of Object.entries(options.firstScreens)) {
        const files = new Set<string>();
        for (const entry of entries) closure(entry.fileName, chunks, files);
        for (const module of modules) {
          const chunk = [...chunks.values()].find((candidate) => candidate.facade === module);
          if (!chunk) problems.push(`${screen}: no chunk comes from ${module}; is it still loaded lazily?`);
          else closure(chunk.fileName, chunks, files);
        }
        const js = [...files].sort();
        screens[screen] = { js, gzip: js.reduce((sum, file) => sum + (chunks.get(file)?.gzip ?? 0), 0) };
      }

      const rows = [...chunks.values(), ...assets].sort((a, b) => b.gzip - a.gzip);
      const width = Math.max(...rows.map((row) => row.fileName.length));
      const lines = rows.map((row) => `  ${row.fileName.padEnd(width)}  ${kB(row.raw).padStart(10)}  ${kB(row.gzip).padStart(10)} gz`);
      lines.unshift(`\nBundle (${rows.length} files, largest first):`);
      lines.push(`First screens' JavaScript (budget ${kB(options.maxFirstScreenGzip)} gz each):`);
      for (const [screen, report] of Object.entries(screens)) {
        lines.push(`  ${screen.padEnd(12)} ${kB(report.gzip).padStart(10)} gz in ${report.js.length} chunks: ${report.js.join(', ')}`);
        if (report.gzip > options.maxFirstScreenGzip) {
          problems.push(`${screen} loads ${kB(report.gzip)} of gzipped JavaScript, over the ${kB(options.maxFirstScreenGzip)} budget`);
        }
      }
      logger.info(lines.join('\n'));

      const reportPath = path.join(outDir, options.reportFile);
      mkdirSync(path.dirname(reportPath), { recursive: true });
      writeFileSync(reportPath, `${JSON.stringify({ maxFirstScreenGzip: options.maxFirstScreenGzip, screens, chunks: [...chunks.values()] }, null, 2)}\n`);
      if (problems.length === 0) return;
      if (options.enforce) this.error(`Bundle budget: ${problems.join('; ')}`);
      logger.warn(`Bundle budget: ${problems.join('; ')}`);
    },
  };
};
