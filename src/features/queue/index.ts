/** The queue: every task of this browser with its progress and result. */
export { TaskList } from './TaskList';
