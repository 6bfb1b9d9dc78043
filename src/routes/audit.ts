import type { AppRoute } from './types';

/**
 * The audit page (issue 24): an event log file replayed in the browser, offline, in a worker; open
 * to guests (nothing is sent). Its page, the worker and the domain's log parser are their own chunks.
 */
export const auditRoute: AppRoute = {
  path: 'audit',
  meta: { name: 'audit', requiresAuth: false },
  titleId: 'title.audit',
  page: () => import('../features/audit/pages/AuditPage'),
};
