import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { billing } from '../../../../domain/index.js';
import {
  loadCalculateList,
  loadLedger,
  loadPaymentMethods,
  refreshPayment,
  startCheckout,
} from '../../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Button, Card, EmptyState, ErrorState, Skeleton } from '../../../ui';
import styles from '../Billing.module.css';
import { Checkout } from '../Checkout';
import { CoinBalances } from '../CoinSummary';
import { useDate, usePrice } from '../labels';
import { PaymentMethodPicker, useChosenMethod } from '../PaymentMethodPicker';
import {
  useCheckoutGoods,
  useCoinBalances,
  useLedger,
  useLedgerPackCoins,
  useLedgerTaskNames,
  useListFailed,
  usePackages,
  usePackagesLoaded,
  useSignedIn,
} from '../useBilling';

const Packs = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const loaded = usePackagesLoaded();
  const failed = useListFailed('calculateList');
  const packs = usePackages();
  const busy = useCheckoutGoods();
  const price = usePrice();
  const [methodId, setMethodId] = useChosenMethod();
  return (
    <section className={styles.section} data-testid="packs">
      <div className={styles.spread}>
        <h2 className={styles.heading}>
          <FormattedMessage id="billing.coins.packs" />
        </h2>
        <PaymentMethodPicker value={methodId} onChange={setMethodId} />
      </div>
      <p className={styles.muted}>
        <FormattedMessage id="billing.coins.packsBody" />
      </p>
      {failed && !loaded && (
        <ErrorState
          level={3}
          title={<FormattedMessage id="billing.coins.packsError" />}
          retryLabel={intl.formatMessage({ id: 'billing.retry' })}
          onRetry={() => dispatch(loadCalculateList({}))}
        />
      )}
      {!failed && !loaded && (
        <div className={styles.packs}>
          {[0, 1, 2, 3].map((i) => (
            <Card key={i}>
              <Skeleton
                lines={3}
                label={i === 0 ? intl.formatMessage({ id: 'billing.loading' }) : undefined}
              />
            </Card>
          ))}
        </div>
      )}
      {loaded && packs.length === 0 && (
        <EmptyState level={3} title={<FormattedMessage id="billing.coins.packsEmpty" />} />
      )}
      {packs.length > 0 && (
        <div className={styles.packs}>
          {packs.map((p) => (
            <Card key={p.goodsId} className={styles.pack} data-testid={`pack-${p.goodsId}`}>
              <p className={styles.packCoins}>
                <FormattedMessage id="billing.coins.amount" values={{ coins: billing.packageCoins(p) }} />
              </p>
              <p className={styles.muted}>
                {p.giveCalculateCoins > 0 ? (
                  <FormattedMessage
                    id="billing.coins.bonus"
                    values={{ coins: p.calculateCoins, bonus: p.giveCalculateCoins }}
                  />
                ) : (
                  <FormattedMessage id="billing.coins.noBonus" />
                )}
              </p>
              <Button
                variant="primary"
                block
                loading={busy === p.goodsId}
                disabled={busy !== null}
                onClick={() => dispatch(startCheckout({ goodsId: p.goodsId, methodId }))}
                data-testid={`buy-${p.goodsId}`}
                data-benefit={billing.benefitOfPackage(p)}
              >
                <FormattedMessage
                  id="billing.buy.computePurchase"
                  values={{ price: price(p.price, p.currency) }}
                />
              </Button>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
};

const Ledger = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const ledger = useLedger();
  const taskNames = useLedgerTaskNames();
  const packCoins = useLedgerPackCoins();
  const date = useDate();
  const first = ledger.entries.length === 0;
  return (
    <section className={styles.section} data-testid="ledger">
      <h2 className={styles.heading}>
        <FormattedMessage id="billing.ledger.title" />
      </h2>
      {first && (ledger.status === 'idle' || ledger.status === 'loading') && (
        <Skeleton lines={4} label={intl.formatMessage({ id: 'billing.loading' })} />
      )}
      {first && ledger.status === 'error' && (
        <ErrorState
          level={3}
          title={<FormattedMessage id="billing.ledger.error" />}
          retryLabel={intl.formatMessage({ id: 'billing.retry' })}
          onRetry={() => dispatch(loadLedger({ reset: true }))}
        />
      )}
      {first && ledger.status === 'loaded' && (
        <EmptyState level={3} title={<FormattedMessage id="billing.ledger.empty" />} />
      )}
      {!first && (
        <ul className={styles.ledger}>
          {ledger.entries.map((e) => {
            const taskName = taskNames.get(e.id);
            return (
              <li key={e.id} className={styles.entry} data-testid="ledger-entry" data-category={e.category}>
                <p className={styles.entryWhat}>
                  <FormattedMessage id={`billing.ledger.category.${e.category}`} />
                </p>
                <span
                  className={e.direction === 'debit' ? styles.debit : styles.credit}
                  data-testid="ledger-amount"
                >
                  {intl.formatNumber(billing.signedCoins(e), { signDisplay: 'always' })}
                </span>
                <p className={styles.entryTask} data-testid="ledger-task">
                  {taskName !== undefined ? (
                    <FormattedMessage
                      id="billing.ledger.taskName"
                      values={{
                        kind: intl.formatMessage({ id: taskName.kindKey }),
                        prompt: (
                          <bdi>
                            {taskName.prompt ?? intl.formatMessage({ id: 'billing.ledger.untitled' })}
                          </bdi>
                        ),
                      }}
                    />
                  ) : packCoins.has(e.id) ? (
                    <FormattedMessage id="billing.ledger.pack" values={{ coins: packCoins.get(e.id) }} />
                  ) : null}
                </p>
                <span className={styles.entryWhen}>{date(e.createdAt)}</span>
              </li>
            );
          })}
        </ul>
      )}
      {!first && ledger.nextCursor !== null && (
        <Button
          variant="ghost"
          loading={ledger.status === 'loading'}
          onClick={() => dispatch(loadLedger({ reset: false }))}
          data-testid="ledger-more"
        >
          <FormattedMessage id="billing.ledger.more" />
        </Button>
      )}
      {!first && ledger.status === 'error' && (
        <p className={styles.alert} role="alert">
          <FormattedMessage id="billing.ledger.error" />
        </p>
      )}
    </section>
  );
};

/**
 * Coins (spec §3 balance by kind, §9 "up to 3 packages plus the largest", §4 compute purchase):
 * the balance by kind, the recharge packs in the local currency, and the ledger of every debit
 * and refund with the task it belongs to.
 */
const CoinsPage = () => {
  const dispatch = useAppDispatch();
  const signedIn = useSignedIn();
  const coins = useCoinBalances();

  useEffect(() => {
    dispatch(loadCalculateList({}));
    dispatch(loadPaymentMethods({}));
  }, [dispatch]);
  useEffect(() => {
    if (signedIn) {
      dispatch(refreshPayment({}));
      dispatch(loadLedger({ reset: true }));
    }
  }, [signedIn, dispatch]);

  return (
    <div className={`billing-page ${styles.narrow}`} data-testid="coins">
      <header>
        <h1 className="billing-title">
          <FormattedMessage id="billing.coins.title" />
        </h1>
      </header>
      <Card padding="lg">
        <h2 className={styles.heading}>
          <FormattedMessage id="billing.coins.balance" />
        </h2>
        {coins === null ? <Skeleton lines={2} /> : <CoinBalances coins={coins} large />}
      </Card>
      <Packs />
      <Ledger />
      <Checkout />
    </div>
  );
};

export default CoinsPage;
