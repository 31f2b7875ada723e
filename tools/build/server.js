import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

// npm run build:server: the server's entry points (services/api: main, and the rebuild and audit
// commands) bundled with every workspace module they import into plain JavaScript, which production
// runs with `node` alone: no tsx, no sources. Packages from npm stay imports (node_modules), and each
// must be a production dependency, so an image installed with `npm ci --omit=dev` has them all.
//
//   node tools/build/server.js              build into services/api/dist/server
//   node tools/build/server.js --if-stale   only when a bundled file changed (npm's prestart hooks)
//   node tools/build/server.js --outdir D   build into D (a test's copy of the image)
//
// Plain JavaScript, not TypeScript: it runs before every `npm start` on Node 20, which cannot run .ts.
// The output is a symlink to a directory built whole beside it and swapped in with one rename, so
// processes started together (both roles, several replicas) never load half of a build. Its depth
// below the repository equals the sources' (services/api/src/*), so paths the code resolves from its
// own location (the web app's dist) hold compiled too.

const root = path.resolve(import.meta.dirname, '../..');
const defaultOut = path.join(root, 'services/api/dist/server');
const entryPoints = {
  main: 'services/api/src/main.ts',
  // Beside main: the thread npm start runs the projections on (process/projections-thread.ts loads it by this name).
  'projections-worker': 'services/api/src/process/projections-worker.ts',
  rebuild: 'services/api/src/cli/rebuild.ts',
  audit: 'services/api/src/cli/audit.ts',
};
const infoFile = 'build-info.json';

// Besides the bundled sources, what decides the output: how packages resolve and which are allowed.
const serverWorkspaces = ['contracts', 'services/domain', 'services/eventstore', 'projections', 'services/api'];
const settingsFiles = ['package.json', 'tsconfig.base.json', ...serverWorkspaces.flatMap((w) => [`${w}/package.json`, `${w}/tsconfig.json`])];

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** One hash over the named files' paths and contents, and this script; undefined when one is gone. */
const fingerprint = async (files) => {
  const hash = createHash('sha256');
  for (const file of [...new Set([...files, ...settingsFiles])].sort()) {
    const content = await readFile(path.join(root, file)).catch(() => undefined);
    if (content === undefined) return undefined;
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.update(readFileSync(import.meta.filename)).digest('hex');
};

const isStale = async (outdir) => {
  const info = await readFile(path.join(outdir, infoFile), 'utf8').then(JSON.parse, () => undefined);
  if (!info || !Object.keys(entryPoints).every((name) => existsSync(path.join(outdir, `${name}.js`)))) return true;
  return (await fingerprint(info.inputs)) !== info.fingerprint;
};

/** Package names the server may import at run time: every server workspace's and the root's dependencies. */
const productionDependencies = () =>
  new Set(['package.json', ...serverWorkspaces.map((w) => `${w}/package.json`)].flatMap((file) => Object.keys(readJson(file).dependencies ?? {})));

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]);

const bundle = async (dir) => {
  // Loaded here, not at the top: `--if-stale` with nothing to do never pays for it.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Error classes keep their names (two modules' `class Conflict` would otherwise become Conflict2).
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-stay-imports',
        setup(build) {
          // Bare specifiers are packages; the workspaces' own (@tracker/*) are bundled from their sources.
          build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => (specifier.startsWith('@tracker/') ? undefined : { path: specifier, external: true }));
        },
      },
    ],
  });
  const allowed = productionDependencies();
  const imported = new Set(Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path)));
  const undeclared = [...imported].filter((specifier) => !isBuiltin(specifier) && !allowed.has(packageName(specifier)));
  if (undeclared.length > 0) {
    throw new Error(`The server imports packages that are not production dependencies of its workspaces: ${undeclared.join(', ')}`);
  }
  const inputs = Object.keys(result.metafile.inputs).sort();
  const packages = [...imported].filter((specifier) => !isBuiltin(specifier)).sort();
  await writeFile(path.join(dir, infoFile), `${JSON.stringify({ fingerprint: await fingerprint(inputs), packages, inputs }, null, 2)}\n`);
};

/** Builds into a new directory beside `outdir`, then points `outdir` (a symlink) at it. */
const build = async (outdir) => {
  const parent = path.dirname(outdir);
  const name = `${path.basename(outdir)}.${Date.now()}-${randomBytes(4).toString('hex')}`;
  await mkdir(parent, { recursive: true });
  await bundle(path.join(parent, name));
  const link = path.join(parent, `${name}.link`);
  await symlink(name, link);
  const previous = await lstat(outdir).catch(() => undefined);
  const replaced = previous?.isSymbolicLink() ? path.join(parent, await readlink(outdir)) : undefined;
  // A plain directory (not a symlink) cannot be renamed over: it goes first.
  if (previous && !previous.isSymbolicLink()) await rm(outdir, { recursive: true, force: true });
  await rename(link, outdir);
  if (replaced) await utimes(replaced, new Date(), new Date()).catch(() => undefined);
  await removeOldBuilds(parent, path.basename(outdir), name);
};

// A replaced build goes at a build more than a minute later: a process that was starting from it has
// loaded it whole by then (the server imports nothing lazily). Builds still being written are recent too.
const removeOldBuilds = async (parent, base, current) => {
  for (const entry of await readdir(parent)) {
    if (!entry.startsWith(`${base}.`) || entry === current || entry.endsWith('.link')) continue;
    const modified = await stat(path.join(parent, entry)).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > 60_000) await rm(path.join(parent, entry), { recursive: true, force: true });
  }
};

const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean' }, outdir: { type: 'string' } }, strict: true });
const outdir = values.outdir ? path.resolve(values.outdir) : defaultOut;
if (!values['if-stale'] || (await isStale(outdir))) {
  const started = Date.now();
  await build(outdir);
  process.stderr.write(`built the server into ${path.relative(process.cwd(), outdir) || '.'} (${Math.round(Date.now() - started)} ms)\n`);
}
