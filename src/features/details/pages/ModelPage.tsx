import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { details } from '../../../../domain/index.js';
import { useLocale } from '../../../i18n/locale';
import { Badge, Button, Picture } from '../../../ui';
import styles from '../Details.module.css';
import { AuthorRow, Comments, DetailFrame, Stats, TagList, WorksSection } from '../parts';

/**
 * A model (`/models/:id`, and `/models/newDetail/:id` where the spec §2 A/B test model_detail_v2
 * sends variant B): cover, type and base model, versions, trigger words, sample images made with
 * it, and Remix with this model.
 */
const ModelPage = () => {
  const intl = useIntl();
  const id = useParams()['id'] ?? '';
  const { to } = useLocale();
  return (
    <DetailFrame page="model" id={id}>
      {(item) => (
        <article className="detail-page" data-testid="model-detail">
          <div className="detail-layout">
            <div className="detail-media">
              {item.cover && (
                <Picture
                  {...details.mainPictureOf(item.cover)}
                  priority
                  className="detail-media-image"
                  alt={item.title}
                  width={item.cover.width}
                  height={item.cover.height}
                />
              )}
            </div>
            <div className={styles.info}>
              <p className={styles.kicker}>
                <FormattedMessage id="feed.card.model" />
              </p>
              <h1 dir="auto" className={styles.title}>
                {item.title}
              </h1>
              <div className={styles.actions}>
                {item.modelType && <Badge tone="accent">{item.modelType}</Badge>}
                {item.baseModel && <Badge>{item.baseModel}</Badge>}
              </div>
              <AuthorRow item={item} />
              {item.description !== '' && (
                <p dir="auto" className={styles.description}>
                  {item.description}
                </p>
              )}
              <div className={styles.actions}>
                <Button asChild variant="primary">
                  <Link to={to(details.modelRemixHref(item.id))} data-testid="remix-model">
                    <FormattedMessage id="details.remixModel" />
                  </Link>
                </Button>
              </div>
              <Stats item={item} />
              <TagList item={item} />
              <section className={styles.panel} aria-label={intl.formatMessage({ id: 'details.versions' })}>
                <h2 className={styles.panelTitle}>
                  <FormattedMessage id="details.versions" />
                </h2>
                {item.versions.length === 0 ? (
                  <p className={styles.description}>
                    <FormattedMessage id="details.versionsEmpty" />
                  </p>
                ) : (
                  <ul className={styles.versions} data-testid="versions">
                    {item.versions.map((v) => (
                      <li key={v.id}>
                        <Badge>
                          {v.name} · {v.baseModel}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                )}
                {item.triggerWords.length > 0 && (
                  <>
                    <h3 className={styles.panelTitle}>
                      <FormattedMessage id="details.triggerWords" />
                    </h3>
                    <p className={styles.prompt}>{item.triggerWords.join(', ')}</p>
                  </>
                )}
              </section>
            </div>
          </div>
          <WorksSection
            id={item.id}
            list="samples"
            titleId="details.samples"
            emptyId="details.samplesEmpty"
          />
          <Comments id={item.id} />
        </article>
      )}
    </DetailFrame>
  );
};

export default ModelPage;
