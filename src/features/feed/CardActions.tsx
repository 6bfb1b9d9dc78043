import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { feed } from '../../../domain/index.js';
import { downloadImage } from '../../../infrastructure/downloads/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { tryWorkflow } from '../../../infrastructure/studio/commands';
import { useLocale } from '../../i18n/locale';
import { Spinner } from '../../ui';
import styles from './Explore.module.css';
import { useWorkflowTry } from './useFeed';

/**
 * Try on a workflow card: copies the workflow into the person's own (a guest signs in first) and
 * opens the copy; busy while the copy is on its way.
 */
const TryWorkflowChip = ({ itemId }: { readonly itemId: string }) => {
  const dispatch = useAppDispatch();
  const state = useWorkflowTry(itemId);
  const busy = state === 'copying';
  return (
    <button
      type="button"
      className={styles.chip}
      data-action="try"
      aria-busy={busy}
      aria-disabled={busy}
      onClick={() => {
        if (!busy) dispatch(tryWorkflow({ itemId }));
      }}
    >
      {busy && <Spinner size="sm" className={styles.chipSpinner} />}
      <FormattedMessage id="feed.action.try" />
    </button>
  );
};

/** The actions of the card's type (feed.cardIntents): go, download, try a workflow, play or stop. */
export const CardActions = ({
  card,
  intents,
  isPlaying,
  onTogglePlay,
}: {
  readonly card: feed.FeedCard;
  readonly intents: ReturnType<typeof feed.cardIntents>;
  readonly isPlaying: boolean;
  readonly onTogglePlay: () => void;
}) => {
  const { to } = useLocale();
  const dispatch = useAppDispatch();
  return (
    <div className={styles.actions} data-testid="card-actions">
      {intents.map(({ action, intent }) => {
        const label = <FormattedMessage id={`feed.action.${action}`} />;
        switch (intent.kind) {
          case 'navigate':
            return (
              <Link key={action} to={to(intent.to)} className={styles.chip} data-action={action}>
                {label}
              </Link>
            );
          case 'download':
            return (
              <button
                key={action}
                type="button"
                className={styles.chip}
                data-action={action}
                onClick={() =>
                  dispatch(
                    downloadImage({
                      url: intent.url,
                      scene: 'square_card',
                      ...(card.generation ? { generation: card.generation } : {}),
                    }),
                  )
                }
              >
                {label}
              </button>
            );
          case 'copyWorkflow':
            return <TryWorkflowChip key={action} itemId={intent.itemId} />;
          case 'play':
            return (
              <button
                key={action}
                type="button"
                className={styles.chip}
                data-action={action}
                aria-pressed={isPlaying}
                onClick={onTogglePlay}
              >
                <FormattedMessage id={isPlaying ? 'square.action.stop' : 'feed.action.play'} />
              </button>
            );
          default:
            return null;
        }
      })}
    </div>
  );
};
