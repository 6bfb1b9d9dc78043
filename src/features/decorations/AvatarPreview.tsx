import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { decorations, images } from '../../../domain/index.js';
import { loadDecorationPreview } from '../../../infrastructure/decorations/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import {
  AVATAR_PX,
  Avatar,
  Badge,
  Dialog,
  EmptyState,
  ErrorState,
  Picture,
  Skeleton,
  Tabs,
  TabsPanel,
} from '../../ui';
import type { AvatarSize } from '../../ui';
import styles from './Decorations.module.css';
import {
  useAccountFigures,
  useDecorationStats,
  useMe,
  usePreviewItems,
  usePreviewStatus,
  useStatsStatus,
} from './useDecorations';

/** How wide a recommend card's cover is shown (Decorations.module.css `.previewGrid`: 9rem columns in the dialog). */
const PREVIEW_CARD_PX = 160;
/** The detail tab's cover: at most the dialog's width, 16rem high, contained (`.detailCover`). */
const PREVIEW_DETAIL_MAX_PX = 480;
const PREVIEW_DETAIL_HEIGHT_PX = 256;

/** The person's avatar with a frame: the previewed box, or the one they wear. */
const Me = ({ frameUrl, size }: { readonly frameUrl: string | null; readonly size: AvatarSize }) => {
  const intl = useIntl();
  const me = useMe();
  return (
    <Avatar
      name={me?.name ?? intl.formatMessage({ id: 'header.guest' })}
      src={me?.avatar || null}
      sources={images.assumedSourcesOf(me?.avatar, AVATAR_PX[size])}
      frameUrl={frameUrl}
      frameSources={images.assumedSourcesOf(frameUrl, AVATAR_PX[size])}
      size={size}
      decorative
    />
  );
};

const MyName = () => {
  const intl = useIntl();
  const me = useMe();
  return <>{me?.name ?? intl.formatMessage({ id: 'header.guest' })}</>;
};

/** Spec §2 "self center": the profile header with the frame and the spec §3 stats. */
export const SelfCentre = ({ frameUrl }: { readonly frameUrl: string | null }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const stats = useDecorationStats();
  const status = useStatsStatus();
  // The same figures, labels and format as the personal page (one selector, one definition).
  const figures = useAccountFigures();
  return (
    <section className={styles.profile} data-testid="self-centre">
      <Me frameUrl={frameUrl} size="xl" />
      <div className={styles.profileText}>
        <h3 className={styles.profileName}>
          <MyName />
        </h3>
        {status === 'failed' && stats === null ? (
          <ErrorState
            level={4}
            title={intl.formatMessage({ id: 'decorations.stats.failed' })}
            retryLabel={intl.formatMessage({ id: 'decorations.retry' })}
            onRetry={() => dispatch(loadDecorationPreview({}))}
          />
        ) : figures === null ? (
          <Skeleton lines={2} label={intl.formatMessage({ id: 'decorations.loading' })} />
        ) : (
          <dl className={styles.stats}>
            {figures.map((f) => (
              <div key={f.figure} className={styles.stat}>
                <dt>
                  <FormattedMessage id={`personal.stats.${f.figure}`} />
                </dt>
                <dd data-testid={`stat-${f.figure}`} title={intl.formatNumber(f.value)}>
                  {f.shown}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
};

/** The works of the recommend and detail tabs, with their loading, empty and error states. */
const WithPreviewItems = ({
  children,
}: {
  readonly children: (items: readonly decorations.DecorationPreviewItem[]) => ReactNode;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const items = usePreviewItems();
  const status = usePreviewStatus();
  if (status === 'failed' && items.length === 0)
    return (
      <ErrorState
        level={4}
        title={intl.formatMessage({ id: 'decorations.preview.failed' })}
        retryLabel={intl.formatMessage({ id: 'decorations.retry' })}
        onRetry={() => dispatch(loadDecorationPreview({}))}
      />
    );
  if (status !== 'loaded' && items.length === 0)
    return <Skeleton lines={4} label={intl.formatMessage({ id: 'decorations.loading' })} />;
  if (items.length === 0)
    return <EmptyState level={4} title={intl.formatMessage({ id: 'decorations.preview.empty' })} />;
  return <>{children(items)}</>;
};

const AuthorRow = ({
  frameUrl,
  size = 'sm',
}: {
  readonly frameUrl: string | null;
  readonly size?: AvatarSize;
}) => (
  <div className={styles.author}>
    <Me frameUrl={frameUrl} size={size} />
    <span className={styles.authorName}>
      <MyName />
    </span>
  </div>
);

/** Spec §2 "recommend": the square's cards with the person as their author (spec §9: four). */
const RecommendPreview = ({ frameUrl }: { readonly frameUrl: string | null }) => (
  <WithPreviewItems>
    {(items) => (
      <ul className={styles.previewGrid}>
        {items.map((item) => (
          <li key={item.id} className={styles.previewCard}>
            <Picture
              className={styles.previewCover}
              {...images.pictureOf(item.banner.url, PREVIEW_CARD_PX, item.banner.width)}
              width={item.banner.width}
              height={item.banner.height}
              alt={item.title}
            />
            <AuthorRow frameUrl={frameUrl} />
          </li>
        ))}
      </ul>
    )}
  </WithPreviewItems>
);

/** Spec §2 "detail": a work's page, its author row carrying the frame. */
const DetailPreview = ({ frameUrl }: { readonly frameUrl: string | null }) => (
  <WithPreviewItems>
    {(items) => {
      const item = items[0]!;
      return (
        <article className={styles.detail}>
          <Picture
            className={styles.detailCover}
            {...images.pictureOf(
              item.banner.url,
              Math.min(
                PREVIEW_DETAIL_MAX_PX,
                (PREVIEW_DETAIL_HEIGHT_PX * item.banner.width) / Math.max(1, item.banner.height),
              ),
              item.banner.width,
            )}
            width={item.banner.width}
            height={item.banner.height}
            alt={item.title}
          />
          <AuthorRow frameUrl={frameUrl} size="md" />
          <h4 className={styles.detailTitle}>{item.title}</h4>
          {item.prompt === '' ? null : <p className={styles.prompt}>{item.prompt}</p>}
          {item.tags.length === 0 ? null : (
            <div className={styles.tags}>
              {item.tags.map((tag) => (
                <Badge key={tag}>{tag}</Badge>
              ))}
            </div>
          )}
        </article>
      );
    }}
  </WithPreviewItems>
);

/** Spec §2 "comments": a comment of the person's under a work. */
const CommentsPreview = ({ frameUrl }: { readonly frameUrl: string | null }) => (
  <WithPreviewItems>
    {(items) => (
      <div className={styles.comment}>
        <Me frameUrl={frameUrl} size="md" />
        <div className={styles.commentBody}>
          <strong>
            <MyName />
          </strong>
          <p className={styles.commentText}>
            <FormattedMessage id="decorations.preview.sampleComment" values={{ title: items[0]!.title }} />
          </p>
        </div>
      </div>
    )}
  </WithPreviewItems>
);

/** The four preview tabs of spec §2, for one avatar box (or the worn one, or none). */
export const AvatarPreviewTabs = ({ frameUrl }: { readonly frameUrl: string | null }) => {
  const intl = useIntl();
  const [tab, setTab] = useState<decorations.AvatarPreviewTab>('selfCenter');
  return (
    <Tabs
      value={tab}
      onValueChange={(v) => {
        const next = decorations.AVATAR_PREVIEW_TABS.find((t) => t === v);
        if (next !== undefined) setTab(next);
      }}
      label={intl.formatMessage({ id: 'decorations.preview.tabs' })}
      items={decorations.AVATAR_PREVIEW_TABS.map((t) => ({
        value: t,
        label: intl.formatMessage({ id: `decorations.preview.tab.${t}` }),
      }))}
    >
      <TabsPanel value="selfCenter" className={styles.previewPanel}>
        <SelfCentre frameUrl={frameUrl} />
      </TabsPanel>
      <TabsPanel value="recommend" className={styles.previewPanel}>
        <RecommendPreview frameUrl={frameUrl} />
      </TabsPanel>
      <TabsPanel value="detail" className={styles.previewPanel}>
        <DetailPreview frameUrl={frameUrl} />
      </TabsPanel>
      <TabsPanel value="comments" className={styles.previewPanel}>
        <CommentsPreview frameUrl={frameUrl} />
      </TabsPanel>
    </Tabs>
  );
};

/** The preview of one avatar box in a dialog; the stats and works load when it opens. */
export const AvatarPreviewDialog = ({
  ornament,
  trigger,
}: {
  readonly ornament: decorations.Ornament;
  readonly trigger: ReactNode;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <Dialog
      size="lg"
      trigger={trigger}
      title={intl.formatMessage({ id: 'decorations.previewOf' }, { name: ornament.name })}
      closeLabel={intl.formatMessage({ id: 'decorations.close' })}
      onOpenChange={(open) => {
        if (open) dispatch(loadDecorationPreview({}));
      }}
    >
      <div data-testid="avatar-preview">
        <AvatarPreviewTabs frameUrl={ornament.preview.url} />
      </div>
    </Dialog>
  );
};
