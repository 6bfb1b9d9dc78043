import type { EpicModule } from '../epics/module';
import { problemReportEpics } from './problemReports';

/** The "Report a problem" page's epics: its preview, sending, and the person's list of reports. */
export const problemReportsModule: EpicModule = { key: 'problemReports', epics: problemReportEpics };
