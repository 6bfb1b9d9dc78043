import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { details, images } from '../../../../domain/index.js';
import { useLocale } from '../../../i18n/locale';
import { Button, CoverFrame, Picture } from '../../../ui';
import styles from '../Details.module.css';
import { AuthorRow, Comments, DetailFrame, Stats, TagList, WorksSection } from '../parts';

/** The side of a used model's cover (Details.module.css `.modelLink img`). */
const MODEL_COVER_PX = 48;

/** How the work was made: its prompt, parameters, and the model it used with a link to it. */
const Generation = ({ item }: { readonly item: details.DetailItem }) => {
  const intl = useIntl();
  const { to } = useLocale();
  const meta = item.meta;
  if (meta === null && item.models.length === 0) return null;
  const params: readonly [string, string][] =
    meta === null
      ? []
      : [
          ['details.param.sampler', meta.sampler],
          ['details.param.steps', intl.formatNumber(meta.steps)],
          ['details.param.cfg', intl.formatNumber(meta.cfgScale)],
          ['details.param.seed', String(meta.seed)],
          ['details.param.aspect', meta.aspectRatio],
          ['details.param.size', `${meta.width} × ${meta.height}`],
        ];
  return (
    <section className={styles.panel} data-testid="generation">
      <h2 className={styles.panelTitle}>
        <FormattedMessage id="details.generation" />
      </h2>
      {meta !== null && (
        <>
          <div>
            <h3 className={styles.panelTitle}>
              <FormattedMessage id="details.prompt" />
            </h3>
            <p className={styles.prompt} data-testid="prompt">
              {meta.prompt}
            </p>
          </div>
          {meta.negativePrompt !== '' && (
            <div>
              <h3 className={styles.panelTitle}>
                <FormattedMessage id="details.negativePrompt" />
              </h3>
              <p className={styles.prompt}>{meta.negativePrompt}</p>
            </div>
          )}
          <dl className={styles.params}>
            {params.map(([label, value]) => (
              <div key={label}>
                <dt>
                  <FormattedMessage id={label} />
                </dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {item.models.map((m) => (
        <Link
          key={m.id}
          to={to(details.detailPathOf('model', m.id))}
          className={styles.modelLink}
          data-testid="used-model"
        >
          {m.coverUrl && (
            <Picture
              {...images.pictureOf(m.coverUrl, MODEL_COVER_PX)}
              width={MODEL_COVER_PX}
              height={MODEL_COVER_PX}
              alt=""
            />
          )}
          <span>
            <small>
              <FormattedMessage id="details.modelUsed" values={{ type: m.type }} />
            </small>
            <strong dir="auto">{m.name}</strong>
          </span>
        </Link>
      ))}
    </section>
  );
};

/** `/artwork/:id`: an artwork, portfolio or lookbook. */
const ArtworkPage = () => {
  const id = useParams()['id'] ?? '';
  const { to } = useLocale();
  return (
    <DetailFrame page="artwork" id={id}>
      {(item) => (
        <article className="detail-page" data-testid="artwork-detail">
          <div className="detail-layout">
            <div className="detail-media">
              {item.cover && (
                // Sized to the picture itself (the column's width, at most 78vh tall), so the
                // production box worn on the work frames the picture and not the empty sides.
                <div
                  className="detail-framed"
                  style={
                    item.cover.width > 0 && item.cover.height > 0
                      ? { inlineSize: `min(100%, calc(78vh * ${item.cover.width} / ${item.cover.height}))` }
                      : undefined
                  }
                >
                  <Picture
                    {...details.mainPictureOf(item.cover)}
                    priority
                    className="detail-media-image"
                    alt={item.title}
                    width={item.cover.width}
                    height={item.cover.height}
                    data-testid="artwork-image"
                  />
                  {item.productionFrame ? <CoverFrame src={item.productionFrame} /> : null}
                </div>
              )}
            </div>
            <div className={styles.info}>
              <p className={styles.kicker}>
                <FormattedMessage id={`feed.card.${item.cardType}`} />
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
                {item.cover && (
                  <Button asChild variant="secondary">
                    <Link to={to(details.imageToVideoHref(item.cover.url))}>
                      <FormattedMessage id="details.imageToVideo" />
                    </Link>
                  </Button>
                )}
                {item.cover && (
                  <Button asChild variant="ghost">
                    <a href={item.cover.url} download>
                      <FormattedMessage id="details.download" />
                    </a>
                  </Button>
                )}
              </div>
              <Stats item={item} />
              <TagList item={item} />
              <Generation item={item} />
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

export default ArtworkPage;
