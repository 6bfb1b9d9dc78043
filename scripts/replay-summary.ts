import { billing, tasks, type RootState } from '../domain/index.js';

/** A few human lines about a state: what an auditor looks at first. */
export const summarise = (state: RootState): string[] => {
  const list = tasks.selectTaskList(state.tasks);
  const lines = [
    `session: ${state.session.status}${state.session.status === 'signedIn' ? ` as ${state.session.user.name}` : ''}`,
  ];
  const coins = billing.selectCoinBalance(state.billing);
  lines.push(`coins: ${coins === null ? 'unknown' : coins}`);
  lines.push(`tasks: ${list.length} (${tasks.selectTasksInProgress(state.tasks).length} in progress)`);
  for (const t of list)
    lines.push(
      `  ${t.id}  ${t.phase.status.padEnd(10)} ${String(Math.round(t.phase.progress)).padStart(3)}%  ${t.params.aspectRatio.padEnd(5)} ${JSON.stringify(t.params.prompt.slice(0, 60))}`,
    );
  lines.push(`notices: ${state.notices.active.length} active`);
  return lines;
};
