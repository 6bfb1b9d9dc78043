/** Commands of the Help page (spec §1 customer support, §7 resource appeal). */
import type { support } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** Sends the form when the domain's rules accept it (the view shows the problems otherwise). */
export const sendSupportMessage = defineCommand<support.SupportForm>()('support/send');
/** Opens the form again for another message. */
export const resetSupportForm = defineCommand()('support/resetForm');

/** "Report a problem" (issue 24): reads what the log to send holds (counts only) for the consent screen. */
export const previewProblemReport = defineCommand()('problemReports/preview');
/** Sends the session's event log with the note; the view sends only after the person agreed. */
export const sendProblemReport = defineCommand<{ readonly note: string }>()('problemReports/send');
/** Chooses whose log to preview and send: this visit's (null) or an earlier visit's the device kept. */
export const chooseReportVisit = defineCommand<{ readonly visitId: string | null }>()(
  'problemReports/chooseVisit',
);
export const listProblemReports = defineCommand()('problemReports/list');
export const deleteProblemReport = defineCommand<{ readonly id: string }>()('problemReports/delete');
