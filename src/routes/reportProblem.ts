import { loadProblemReportsModule } from '../../infrastructure/app/registry';
import type { AppRoute } from './types';

/** "Report a problem" (issue 24): signed-in only (a report is kept per account); a guest downloads the log instead. */
export const reportProblemRoute: AppRoute = {
  path: 'support/report',
  meta: { name: 'reportProblem', requiresAuth: true },
  titleId: 'title.reportProblem',
  modules: [loadProblemReportsModule],
  page: () => import('../features/support/pages/ReportProblemPage'),
};
