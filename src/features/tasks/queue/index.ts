/** The queue: every task of this browser with its progress, result and actions. */
export { BeforeAfter } from './BeforeAfter';
export { QueuePanel } from './QueuePanel';
export { TaskList } from './TaskList';
export { useQueueSummary, useTaskViews } from './useTasks';
