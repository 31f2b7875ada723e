import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Every file under `dir`, as site paths ('/icons/icon-192.png'). */
const filesUnder = (dir: string, prefix = '/'): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );

const SERVICE_WORKER = '/sw.js';

/**
 * Writes /sw.js (src/service-worker/service-worker.js) with the build's shell in front of it: index.html,
 * every hashed file of the bundle and the public files, and BUILD, a hash of all their contents — a
 * deploy that changes any of them is a new cache, and the new worker drops the old one on activate.
 * Source maps and the budget's report stay out.
 */
export const serviceWorker = ({ source }: { source: string }): Plugin => {
  let publicDir = '';
  return {
    name: 'tracker-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const shell: string[] = [];
      const files = Object.values(bundle)
        .filter((file) => !file.fileName.endsWith('.map') && !file.fileName.startsWith('.vite/'))
        .map((file) => ({ path: `/${file.fileName}`, content: file.type === 'chunk' ? file.code : file.source }));
      const publicFiles = publicDir
        ? filesUnder(publicDir)
            .filter((file) => file !== SERVICE_WORKER)
            .map((file) => ({ path: file, content: readFileSync(path.join(publicDir, file)) }))
        : [];
      for (const file of [...files, ...publicFiles].sort((a, b) => a.path.localeCompare(b.path))) {
        shell.push(file.path);
        hash.update(file.path).update(file.content);
      }
      const build = hash.digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER.slice(1),
        source: `const BUILD = ${JSON.stringify(build)};\nconst SHELL = ${JSON.stringify(shell)};\n${readFileSync(source, 'utf8')}`,
      });
    },
  };
};
