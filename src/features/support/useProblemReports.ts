import { createSelector } from '../../../domain/kernel/memo.js';
import { support, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectReports = (s: RootState) => s.problemReports;
const selectFailure = createSelector([(s: RootState) => s.problemReports.send], (send) =>
  support.reportFailure(send),
);

export const useProblemReports = () => useAppSelector(selectReports);
/** Why the last report was not sent (its message key and values), or null. */
export const useReportFailure = () => useAppSelector(selectFailure);
