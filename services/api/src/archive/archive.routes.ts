import { ARCHIVE_MAX_BYTES, accountArchive, restoreResponse } from '@tracker/contracts/archive/http';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import { signedInContext } from '../http/command-context.ts';
import { allowLargerBody } from '../http/json-body.ts';
import { exportArchive } from './account-archive.ts';
import { restoreArchive } from './account-restorer.ts';
import type { ArchiveServices } from './archive.feature.ts';

const route = routesFor<ArchiveServices>('archive');
const PATH = '/account/archive';
/**
 * The archive lists the user's streams from the read models the audit reads them from: a download
 * waits for those to reach what the user last wrote. A restore's next reads are the lists, the
 * points and the settings.
 */
const LISTED_FROM = ['activities', 'points_ledger', 'goals', 'tasks', 'subtasks', 'actionables'];
const SETTLES = [...LISTED_FROM, 'habit_freezes', 'user_settings', 'users'];

// An archive is the whole history, not one request's worth of input: its own limit (contracts' ARCHIVE_MAX_BYTES).
allowLargerBody('POST', `/api${PATH}`, ARCHIVE_MAX_BYTES);

export const archiveRoutes: AnyRoute<ArchiveServices>[] = [
  route({
    name: 'getAccountArchive',
    method: 'get',
    path: PATH,
    summary:
      "The caller's account archive: a manifest (format, version, counts, each event type's schema version), their settings, every event of their goals, tasks, subtasks, actionables, habits and freezes in log order (stream, revision, type, schema version, data, metadata with the local dates the rules used, recordedAt), and a SHA-256 checksum of all that. No e-mail address, password or token",
    auth: true,
    heavy: true,
    response: accountArchive,
    handle: async ({ ctx, services, settle }) => {
      const head = await services.store.headPosition();
      if (head !== 'start') await settle(head);
      const archive = await exportArchive(services, ctx.state.userId, ctx.state.now);
      ctx.set('Content-Disposition', `attachment; filename="tracker-archive-${archive.manifest.exportedAt.slice(0, 10)}.json"`);
      return archive;
    },
    settles: LISTED_FROM,
  }),
  route({
    name: 'restoreAccountArchive',
    method: 'post',
    path: PATH,
    summary: `Restores an archive into the caller's account, which must have no data yet (409 otherwise): every item and freeze with new ids, every recorded time and local date kept, the archive's settings; all or nothing. 400 naming the field for an edited archive (checksum), a newer version, an unknown event type, or events the rules would not have produced; bodies up to ${ARCHIVE_MAX_BYTES / 1024 / 1024} MB. The same archive sent again answers as the first time`,
    auth: true,
    body: accountArchive,
    response: restoreResponse,
    status: 201,
    settles: SETTLES,
    handle: async ({ ctx, body, services, settle }) => {
      const outcome = await restoreArchive(services, body, signedInContext(ctx));
      await settle(outcome.position);
      return { restored: { counts: outcome.counts, checksum: outcome.checksum, restoredAt: outcome.restoredAt } };
    },
  }),
];
