import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { loadDecorationPreview, loadDecorations } from '../../../../infrastructure/decorations/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button } from '../../../ui';
import { AvatarPreviewTabs } from '../AvatarPreview';
import { CoinBalance, DecorationGrid, NothingHere } from '../DecorationGrid';
import styles from '../Decorations.module.css';
import { PurchaseHistory } from '../PurchaseHistory';
import {
  useCoinBalance,
  useMe,
  useOwnedAvatarCards,
  useOwnedProductionCards,
  useWornAvatarBox,
} from '../useDecorations';

/**
 * Spec §2 /decorations: the person's own decorations (owned, worn), the worn avatar box in the
 * four preview tabs, the spec §3 stats and the purchase history. Signed-in only (the route guard).
 */
export default function DecorationsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const me = useMe();
  const coins = useCoinBalance();
  const avatars = useOwnedAvatarCards();
  const productions = useOwnedProductionCards();
  const worn = useWornAvatarBox();
  const accountId = me?.id ?? null;
  useEffect(() => {
    dispatch(loadDecorations({}));
    dispatch(loadDecorationPreview({}));
  }, [accountId, dispatch]);

  const toMall = (
    <Button asChild variant="primary" size="sm">
      <Link to={to('/mall')} data-testid="to-mall">
        <FormattedMessage id="decorations.toMall" />
      </Link>
    </Button>
  );

  return (
    <div className={styles.page} data-testid="decorations-page">
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>
            <FormattedMessage id="decorations.mine.title" />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id="decorations.mine.lead" />
          </p>
        </div>
        <div className={styles.headLinks}>
          <CoinBalance coins={coins} />
          {toMall}
        </div>
      </header>

      <section className={styles.section} aria-labelledby="worn-heading">
        <h2 className={styles.subheading} id="worn-heading">
          {worn === null ? (
            <FormattedMessage id="decorations.worn.none" />
          ) : (
            <FormattedMessage id="decorations.worn.title" values={{ name: worn.name }} />
          )}
        </h2>
        <AvatarPreviewTabs frameUrl={worn?.preview.url ?? null} />
      </section>

      <section className={styles.section} aria-labelledby="owned-avatars-heading">
        <h2 className={styles.subheading} id="owned-avatars-heading">
          <FormattedMessage id="decorations.type.avatarBox.plural" />
        </h2>
        <DecorationGrid
          cards={avatars}
          label={intl.formatMessage({ id: 'decorations.type.avatarBox.plural' })}
          empty={<NothingHere titleId="decorations.mine.emptyAvatar" action={toMall} />}
        />
      </section>

      <section className={styles.section} aria-labelledby="owned-productions-heading">
        <h2 className={styles.subheading} id="owned-productions-heading">
          <FormattedMessage id="decorations.type.productionBox.plural" />
        </h2>
        <DecorationGrid
          cards={productions}
          label={intl.formatMessage({ id: 'decorations.type.productionBox.plural' })}
          empty={<NothingHere titleId="decorations.mine.emptyProduction" action={toMall} />}
        />
      </section>

      {accountId === null ? null : <PurchaseHistory accountId={accountId} />}
    </div>
  );
}
