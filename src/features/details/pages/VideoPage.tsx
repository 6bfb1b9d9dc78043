import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { details } from '../../../../domain/index.js';
import { useLocale } from '../../../i18n/locale';
import { Button } from '../../../ui';
import styles from '../Details.module.css';
import { AuthorRow, Comments, DetailFrame, Stats, TagList, WorksSection } from '../parts';
import { VideoPlayer } from '../players';

/** `/video/:id`: a video work with its player, how it was made, and Remix. */
const VideoPage = () => {
  const id = useParams()['id'] ?? '';
  const { to } = useLocale();
  return (
    <DetailFrame page="video" id={id}>
      {(item) => (
        <article className="detail-page" data-testid="video-detail">
          <div className="detail-layout">
            <div className="detail-media">
              <VideoPlayer item={item} />
            </div>
            <div className={styles.info}>
              <p className={styles.kicker}>
                <FormattedMessage id="feed.card.aiVideo" />
              </p>
              <h1 dir="auto" className={styles.title}>
                {item.title}
              </h1>
              <AuthorRow item={item} />
              {item.description !== '' && (
                <p dir="auto" className={styles.description}>
                  {item.description}
                </p>
              )}
              <div className={styles.actions}>
                <Button asChild variant="primary">
                  <Link to={to(details.remixHref(item.id))} data-testid="remix">
                    <FormattedMessage id="details.remix" />
                  </Link>
                </Button>
              </div>
              <Stats item={item} />
              <TagList item={item} />
              {item.meta && (
                <section className={styles.panel}>
                  <h2 className={styles.panelTitle}>
                    <FormattedMessage id="details.prompt" />
                  </h2>
                  <p className={styles.prompt} data-testid="prompt">
                    {item.meta.prompt}
                  </p>
                </section>
              )}
            </div>
          </div>
          <Comments id={item.id} />
          <WorksSection
            id={item.id}
            list="related"
            titleId="details.related"
            emptyId="details.relatedEmpty"
          />
        </article>
      )}
    </DetailFrame>
  );
};

export default VideoPage;
