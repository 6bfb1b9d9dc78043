import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import styles from '../Details.module.css';
import { AuthorRow, Comments, DetailFrame, Stats, TagList, WorksSection } from '../parts';
import { AudioPlayer } from '../players';

/** `/audio/:id`: an audio work with its player. */
const AudioPage = () => {
  const id = useParams()['id'] ?? '';
  return (
    <DetailFrame page="audio" id={id}>
      {(item) => (
        <article className="detail-page" data-testid="audio-detail">
          <div className="detail-layout">
            <div className="detail-media">
              <AudioPlayer item={item} />
            </div>
            <div className={styles.info}>
              <p className={styles.kicker}>
                <FormattedMessage id="feed.card.aiAudio" />
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
              <Stats item={item} />
              <TagList item={item} />
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

export default AudioPage;
