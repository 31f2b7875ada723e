import { defineFeature, type AppServices } from '../feature.ts';
import { createAuditor, type Auditor } from './auditor.ts';
import { auditRoutes } from './audit.routes.ts';

export type AuditServices = AppServices & { auditor: Auditor };

/** The points audit (DESIGN.md, Projections: audit): the one query that reads the log. */
export const auditFeature = defineFeature<AuditServices>({
  name: 'audit',
  tags: { audit: 'The audit of every award: each point replayed through the rules that gave it' },
  services: (app) => ({ ...app, auditor: createAuditor(app) }),
  routes: auditRoutes,
});
