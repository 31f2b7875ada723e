import { defineFeature, type AppServices } from '../feature.ts';
import { accountRestoreReactor } from './account-restore.reactor.ts';
import { archiveRoutes } from './archive.routes.ts';

export type ArchiveServices = AppServices;

/** The account archive (issue 20): the user's history downloaded whole, and restored into a fresh account. */
export const archiveFeature = defineFeature<ArchiveServices>({
  name: 'archive',
  tags: { archive: "The caller's whole history as one file (events, settings, a checksum), and restoring it into a new account" },
  services: (app) => app,
  routes: archiveRoutes,
  reactors: (services) => [accountRestoreReactor(services)],
});
