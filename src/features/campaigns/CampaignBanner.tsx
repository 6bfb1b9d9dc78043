/**
 * The activity banner at the top of Create (spec §4 "rotate weekly by date", §9 campaigns 8 May to
 * 1 July 2025): the week's campaign inside the season, the platform's own banner outside it. The
 * time is read by the clock adapter when the page opens (the domain never reads it).
 */
import { createSelector } from '../../../domain/kernel/memo.js';
import { useEffect } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { campaigns, type RootState } from '../../../domain/index.js';
import { showCampaignBanner } from '../../../infrastructure/marketing/commands';
import { useAppDispatch, useAppSelector } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { Skeleton } from '../../ui';
import styles from './CampaignBanner.module.css';

const selectBanner = createSelector([(s: RootState) => s.campaigns], (c) =>
  campaigns.selectCampaignBanner(c),
);

export const CampaignBanner = () => {
  const dispatch = useAppDispatch();
  const banner = useAppSelector(selectBanner);
  const { to } = useLocale();
  useEffect(() => {
    dispatch(showCampaignBanner({}));
  }, [dispatch]);
  if (banner === null) return <Skeleton className={styles.skeleton} />;
  const kind = banner.kind === 'campaign' ? banner.type : 'default';
  return (
    <aside
      className="campaign-banner"
      data-campaign={kind}
      data-testid="campaign-banner"
      aria-labelledby="campaign-title"
    >
      <div className="campaign-banner-text">
        <p className="campaign-banner-eyebrow">
          {banner.kind === 'campaign' ? (
            <FormattedMessage
              id="campaign.until"
              values={{
                date: <FormattedDate value={banner.endsAt - 1} timeZone="UTC" month="long" day="numeric" />,
              }}
            />
          ) : (
            <FormattedMessage id="campaign.default.eyebrow" />
          )}
        </p>
        <h2 id="campaign-title" className="campaign-banner-title">
          <FormattedMessage id={`campaign.${kind}.title`} />
        </h2>
        <p className="campaign-banner-body">
          <FormattedMessage id={`campaign.${kind}.body`} />
        </p>
      </div>
      <Link to={to('/explore')} className="campaign-banner-cta">
        <FormattedMessage id={banner.kind === 'campaign' ? 'campaign.join' : 'campaign.default.cta'} />
      </Link>
    </aside>
  );
};
