import { FormattedMessage, useIntl } from 'react-intl';
import { images, tasks } from '../../../../../domain/index.js';
import { Card, ErrorState, Picture, Skeleton } from '../../../../ui';
import { CampaignBanner } from '../../../campaigns';
import { QueuePanel } from '../../queue';
import { Composer } from '../Composer';
import styles from '../Create.module.css';
import { useCreateSource } from '../useCreate';

/** The side of the remixed work's cover (Create.module.css `.remixCover`). */
const REMIX_COVER_PX = 48;

/**
 * Create (`/create`, also `/`): text to image, or image to image with an uploaded reference,
 * with the task options of spec §3 and the sizes of §9, beside the queue. `?remix=<artworkId>`
 * opens with that work's prompt and parameters, `?model=<modelId>` with that model.
 */
const CreatePage = () => {
  const intl = useIntl();
  const { source, retry, key } = useCreateSource();
  return (
    <div className="create-layout">
      <CampaignBanner />
      <Card className="create-composer" padding="lg" aria-labelledby="create-title" role="region">
        <h1 id="create-title" className="create-title">
          <FormattedMessage id="create.title" />
        </h1>
        <p className="create-subtitle">
          <FormattedMessage id="create.subtitle" />
        </p>
        {source.status === 'loading' && (
          <div className="create-form" data-testid="create-loading">
            <Skeleton height="7rem" radius="sm" label={intl.formatMessage({ id: 'create.loading' })} />
            <Skeleton height="2.5rem" />
            <Skeleton height="5rem" />
            <Skeleton height="3rem" />
          </div>
        )}
        {source.status === 'failed' && (
          <ErrorState
            level={2}
            title={<FormattedMessage id="create.remix.failed" />}
            retryLabel={intl.formatMessage({ id: 'create.retry' })}
            onRetry={retry}
          />
        )}
        {source.status === 'ready' && (
          <>
            {source.remix !== null && (
              <div className={styles.remix} data-testid="remix-banner">
                {source.remix.cover && (
                  <Picture
                    className={styles.remixCover}
                    {...images.pictureOf(source.remix.cover.url, REMIX_COVER_PX, source.remix.cover.width)}
                    width={source.remix.cover.width}
                    height={source.remix.cover.height}
                    alt=""
                  />
                )}
                <p>
                  <FormattedMessage id="create.remix.from" values={{ title: source.remix.title }} />
                </p>
              </div>
            )}
            {source.remixMissing && (
              <p className={styles.warning} role="status" data-testid="remix-missing">
                <FormattedMessage id="create.remix.missing" />
              </p>
            )}
            {source.options === null && (
              <p className={styles.warning} role="status">
                <FormattedMessage id="create.options.unavailable" />
              </p>
            )}
            <Composer
              key={key}
              options={source.options}
              initial={tasks.initialForm(source.options, source.remix, source.modelId)}
            />
          </>
        )}
      </Card>
      <QueuePanel headingId="tasks-title" />
    </div>
  );
};

export default CreatePage;
