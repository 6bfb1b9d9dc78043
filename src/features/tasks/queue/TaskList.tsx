import { QueuePanel } from './QueuePanel';

/** The queue as the first screens showed it: the panel with every job kind. */
export const TaskList = ({ headingId }: { readonly headingId: string }) => (
  <QueuePanel headingId={headingId} />
);
