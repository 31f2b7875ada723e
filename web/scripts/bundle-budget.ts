import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

export interface FirstScreen {
  /** The source modules it loads lazily before it shows (its routes, the stored-state checks), relative to web/. */
  modules: readonly string[];
  /** The build fails above this many gzipped bytes: the budget itself once the screen fits it, a ceiling on growth until then. */
  failAboveGzip: number;
}

export interface BundleBudgetOptions {
  /** The most JavaScript, in gzipped bytes, a first screen should load before interaction. */
  budgetGzip: number;
  /** Each first screen by its path. */
  firstScreens: Record<string, FirstScreen>;
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
 * Prints every output file with its raw and gzip size and each first screen's JavaScript (the entry,
 * the lazy modules it waits for, and every chunk they import statically), writes that report for the
 * browser test (services/api/test/cold-load.browser.spec.ts), and fails the build when a first screen
 * goes over its limit.
 */
export const bundleBudget = (options: BundleBudgetOptions): Plugin => {
  let logger: Logger;
  let root = '';
  let outDir = '';
  let summary = '';
  const failures: string[] = [];
  return {
    name: 'tracker:bundle-budget',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_output, bundle) {
      failures.length = 0;
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
      const warnings: string[] = [];
      const lines = [`First screens' JavaScript (budget ${kB(options.budgetGzip)} gz each):`];
      for (const [screen, { modules, failAboveGzip }] of Object.entries(options.firstScreens)) {
        const files = new Set<string>();
        for (const entry of entries) closure(entry.fileName, chunks, files);
        for (const module of modules) {
          const chunk = [...chunks.values()].find((candidate) => candidate.facade === module);
          if (chunk) closure(chunk.fileName, chunks, files);
          else warnings.push(`${screen}: no chunk comes from ${module} (moved, or no longer loaded lazily?), so its total is short`);
        }
        const js = [...files].sort();
        const gzip = js.reduce((sum, file) => sum + (chunks.get(file)?.gzip ?? 0), 0);
        screens[screen] = { js, gzip };
        const verdict = gzip <= options.budgetGzip ? 'within budget' : `OVER BUDGET by ${kB(gzip - options.budgetGzip)}`;
        lines.push(`  ${screen.padEnd(12)} ${kB(gzip).padStart(10)} gz in ${js.length} chunks, ${verdict} (the build fails above ${kB(failAboveGzip)})`);
        lines.push(`    ${js.join(' ')}`);
        if (gzip > failAboveGzip) failures.push(`${screen} loads ${kB(gzip)} of gzipped JavaScript, over its limit of ${kB(failAboveGzip)}`);
      }

      const rows = [...chunks.values(), ...assets].sort((a, b) => b.gzip - a.gzip);
      const width = Math.max(...rows.map((row) => row.fileName.length));
      summary = [
        `\nBundle (${rows.length} files, largest first):`,
        ...rows.map((row) => `  ${row.fileName.padEnd(width)}  ${kB(row.raw).padStart(10)}  ${kB(row.gzip).padStart(10)} gz`),
        ...lines,
        ...warnings.map((warning) => `  warning: ${warning}`),
      ].join('\n');

      const reportPath = path.join(outDir, options.reportFile);
      mkdirSync(path.dirname(reportPath), { recursive: true });
      writeFileSync(reportPath, `${JSON.stringify({ budgetGzip: options.budgetGzip, screens, chunks: [...chunks.values()] }, null, 2)}\n`);
    },
    // After Vite's own file list, so the table is the last thing a build prints.
    closeBundle() {
      logger.info(summary);
      if (failures.length > 0) this.error(`Bundle budget: ${failures.join('; ')}`);
    },
  };
};
