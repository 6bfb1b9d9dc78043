import { createSelector } from '../../../../domain/kernel/memo.js';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { tasks, type RootState } from '../../../../domain/index.js';
import { useAppSelector } from '../../../../infrastructure/store/hooks';

/** The tool of this address (`/ai-tools/<slug>`, with or without a locale prefix). */
export const useToolSlug = (): tasks.ToolSlug | null => {
  const { pathname } = useLocation();
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return tasks.isToolSlug(last) ? last : null;
};

/** The newest task this tool made (its result panel shows it, before/after where it fits). */
export const useLatestToolTask = (spec: tasks.ToolSpec) => {
  const select = useMemo(
    () =>
      createSelector([(s: RootState) => s.tasks], (t) => {
        const task = tasks
          .selectTaskList(t)
          .find((x) => tasks.toolOfDomainType(x.params.domainType)?.slug === spec.slug);
        return task ? tasks.taskView(task) : null;
      }),
    [spec.slug],
  );
  return useAppSelector(select);
};
