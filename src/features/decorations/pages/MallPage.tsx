import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { loadDecorations } from '../../../../infrastructure/decorations/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, Tabs, TabsPanel } from '../../../ui';
import { CoinBalance, DecorationGrid, NothingHere } from '../DecorationGrid';
import styles from '../Decorations.module.css';
import { useAvatarCards, useCoinBalance, useMe, useProductionCards } from '../useDecorations';

type MallTab = 'avatarBox' | 'productionBox';

/** Spec §2 /mall: every decoration on sale, by type, bought with coins. */
export default function MallPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const me = useMe();
  const coins = useCoinBalance();
  const avatars = useAvatarCards();
  const productions = useProductionCards();
  const [tab, setTab] = useState<MallTab>('avatarBox');
  const accountId = me?.id ?? null;
  useEffect(() => {
    dispatch(loadDecorations({}));
  }, [accountId, dispatch]);

  return (
    <div className={styles.page} data-testid="mall-page">
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>
            <FormattedMessage id="decorations.mall.title" />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id="decorations.mall.lead" />
          </p>
        </div>
        <div className={styles.headLinks}>
          <CoinBalance coins={coins} />
          <Button asChild variant="secondary" size="sm">
            <Link to={to('/coins')}>
              <FormattedMessage id="decorations.getCoins" />
            </Link>
          </Button>
          {me === null ? null : (
            <Button asChild variant="ghost" size="sm">
              <Link to={to('/decorations')} data-testid="to-my-decorations">
                <FormattedMessage id="decorations.mine.title" />
              </Link>
            </Button>
          )}
        </div>
      </header>
      <Tabs
        value={tab}
        onValueChange={(v) => setTab(v === 'productionBox' ? 'productionBox' : 'avatarBox')}
        label={intl.formatMessage({ id: 'decorations.types' })}
        items={[
          { value: 'avatarBox', label: intl.formatMessage({ id: 'decorations.type.avatarBox.plural' }) },
          {
            value: 'productionBox',
            label: intl.formatMessage({ id: 'decorations.type.productionBox.plural' }),
          },
        ]}
      >
        <TabsPanel value="avatarBox" className={styles.previewPanel}>
          <DecorationGrid
            cards={avatars}
            label={intl.formatMessage({ id: 'decorations.type.avatarBox.plural' })}
            empty={<NothingHere titleId="decorations.mall.empty" />}
          />
        </TabsPanel>
        <TabsPanel value="productionBox" className={styles.previewPanel}>
          <DecorationGrid
            cards={productions}
            label={intl.formatMessage({ id: 'decorations.type.productionBox.plural' })}
            empty={<NothingHere titleId="decorations.mall.empty" />}
          />
        </TabsPanel>
      </Tabs>
    </div>
  );
}
