import { execFile, spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The system user PostgreSQL runs as when this process is root (PostgreSQL refuses to run as root). */
export interface ClusterUser {
  name: string;
  uid: number;
  gid: number;
}

const CLUSTER_USER = 'postgres';

const lookUp = async (name: string): Promise<ClusterUser | undefined> => {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { name, uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
  } catch {
    return undefined;
  }
};

/** As root: the 'postgres' user, created on first use. Otherwise undefined: the cluster runs as this process's user. */
export const clusterUser = async (): Promise<ClusterUser | undefined> => {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await lookUp(CLUSTER_USER);
  if (existing) return existing;
  await run('groupadd', ['--system', CLUSTER_USER]).catch(() => undefined);
  await run('useradd', ['--system', '--gid', CLUSTER_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', CLUSTER_USER]);
  const created = await lookUp(CLUSTER_USER);
  if (!created) throw new Error(`Could not create the system user '${CLUSTER_USER}' that PostgreSQL runs as when started as root.`);
  return created;
};

/**
 * Asks the kernel rather than reading mode bits: a shell started exactly as PostgreSQL will be (the user's
 * uid and gid, no supplementary groups, as Node's spawn does) tries to enter the folder or run the program,
 * so ACLs and the primary group count as they will for the real thing.
 */
export const canReach = (user: ClusterUser, target: string, as: 'folder' | 'program'): boolean =>
  spawnSync('/bin/sh', ['-c', as === 'folder' ? 'cd -- "$1"' : 'test -x "$1"', 'probe', target], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  }).status === 0;

export interface BlockedFolder {
  folder: string;
  /** The folder with its mode and owner, for a message. */
  described: string;
}

/** The outermost folder on the way to `target` (itself included) that the user cannot enter. */
export const firstBlockedFolder = async (user: ClusterUser, target: string): Promise<BlockedFolder | undefined> => {
  const folders: string[] = [];
  for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    if (canReach(user, folder, 'folder')) continue;
    const info = await stat(folder).catch(() => undefined);
    if (!info) return { folder, described: `${folder} (missing)` };
    const owner = (await run('id', ['-nu', String(info.uid)]).catch(() => undefined))?.stdout.trim() ?? `uid ${info.uid}`;
    return { folder, described: `${folder} (mode ${(info.mode & 0o7777).toString(8).padStart(4, '0')}, owner ${owner})` };
  }
  return undefined;
};
