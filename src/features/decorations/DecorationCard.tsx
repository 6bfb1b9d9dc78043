import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { images, type decorations } from '../../../domain/index.js';
import {
  buyDecoration,
  dismissDecorationRefusal,
  wearDecoration,
} from '../../../infrastructure/decorations/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { AVATAR_PX, Avatar, Badge, Button, Card, ConfirmDialog, Picture } from '../../ui';
import { AvatarPreviewDialog } from './AvatarPreview';
import { DecorationAction } from './DecorationAction';
import styles from './Decorations.module.css';
import { useMe, usePurchaseQuote } from './useDecorations';
import { WorkPicker } from './WorkPicker';

const REFUSAL_KEYS: Readonly<Record<decorations.PurchaseRefusal, string>> = {
  noCoins: 'decorations.refused.noCoins',
  soldOut: 'decorations.refused.soldOut',
  alreadyOwned: 'decorations.refused.alreadyOwned',
};

const STATUS_TONES = {
  'decorations.status.wearing': 'accent',
  'decorations.status.owned': 'success',
  'decorations.status.soldOut': 'danger',
  'decorations.status.onSale': 'neutral',
} as const;

/** How wide a production box's art is shown at most (Decorations.module.css `.frameArt`, 60% of a card). */
const FRAME_ART_PX = 180;

/** The art of a decoration: an avatar box around the person's own avatar, a production box as drawn. */
export const DecorationArt = ({ ornament }: { readonly ornament: decorations.Ornament }) => {
  const me = useMe();
  return (
    <div className={styles.art}>
      {ornament.type === 'avatarBox' ? (
        <Avatar
          name={me?.name ?? ornament.name}
          src={me?.avatar || null}
          sources={images.assumedSourcesOf(me?.avatar, AVATAR_PX.xl)}
          frameUrl={ornament.preview.url}
          frameSources={images.assumedSourcesOf(ornament.preview.url, AVATAR_PX.xl)}
          size="xl"
          decorative
        />
      ) : (
        <Picture
          className={styles.frameArt}
          {...images.pictureOf(ornament.preview.url, FRAME_ART_PX, ornament.preview.width)}
          width={ornament.preview.width}
          height={ornament.preview.height}
          alt=""
        />
      )}
    </div>
  );
};

/**
 * The question before coins are spent: the decoration, its price and the balance after (the
 * domain's quote; the server still decides). A purchase the quote refuses goes straight to the
 * epic, which shows why on the card.
 */
const BuyConfirmDialog = ({
  quote,
  open,
  onOpenChange,
}: {
  readonly quote: decorations.PurchaseQuote;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={<FormattedMessage id="decorations.confirmTitle" values={{ name: quote.name }} />}
      body={
        <span className={styles.quote} data-testid="buy-quote">
          <span data-testid="buy-quote-price">
            <FormattedMessage id="decorations.confirmPrice" values={{ price: quote.priceText }} />
          </span>
          <span data-testid="buy-quote-balance">
            <FormattedMessage
              id="decorations.confirmBalance"
              values={{ balance: quote.balanceText ?? '0' }}
            />
          </span>
          <strong data-testid="buy-quote-after">
            <FormattedMessage
              id="decorations.confirmAfter"
              values={{ balance: quote.balanceAfterText ?? quote.balanceText ?? '0' }}
            />
          </strong>
        </span>
      }
      confirmLabel={intl.formatMessage({ id: 'decorations.confirmBuy' }, { price: quote.priceText })}
      cancelLabel={intl.formatMessage({ id: 'decorations.confirmCancel' })}
      onConfirm={() => dispatch(buyDecoration({ ornamentId: quote.ornamentId }))}
    />
  );
};

/** One decoration: price, stock, status, its one action, and why a purchase was refused. */
export const DecorationCard = ({ card }: { readonly card: decorations.OrnamentCard }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const me = useMe();
  const [picking, setPicking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const quote = usePurchaseQuote(card.ornament.id);
  const { ornament: o, view, action, refusal } = card;
  const nameId = `ornament-name-${o.id}`;
  const isAvatar = o.type === 'avatarBox';

  return (
    <Card
      padding="none"
      className={`${styles.card} ${o.is_wearing ? styles.wearing : ''}`}
      aria-labelledby={nameId}
      data-testid={`ornament-${o.id}`}
      data-wearing={o.is_wearing ? 'true' : 'false'}
    >
      <DecorationArt ornament={o} />
      <div className={styles.body}>
        <div className={styles.nameRow}>
          <h3 className={styles.name} id={nameId}>
            {o.name}
          </h3>
          <Badge tone={STATUS_TONES[view.statusTextKey]} data-testid="ornament-status">
            <FormattedMessage id={view.statusTextKey} />
          </Badge>
        </div>
        <p className={styles.meta}>
          <span className={styles.price}>
            <span className={styles.coinDot} aria-hidden="true" />
            <FormattedMessage id="decorations.price" values={{ price: view.priceText }} />
          </span>
          {view.isSoldOut ? (
            <span className={styles.soldOut}>
              <FormattedMessage id="decorations.soldOut" />
            </span>
          ) : (
            <span data-testid="ornament-stock">
              <FormattedMessage id="decorations.stock" values={{ stock: o.stock }} />
            </span>
          )}
          {view.buyTime === null ? null : (
            <span>
              <FormattedMessage id="decorations.boughtOn" values={{ date: view.buyTime }} />
            </span>
          )}
        </p>
        {refusal === null ? null : (
          <p className={styles.refusal} role="alert" data-testid="ornament-refusal">
            <FormattedMessage id={REFUSAL_KEYS[refusal]} />{' '}
            {refusal === 'noCoins' ? (
              <Link to={to('/coins')} onClick={() => dispatch(dismissDecorationRefusal({}))}>
                <FormattedMessage id="decorations.getCoins" />
              </Link>
            ) : null}
          </p>
        )}
        <div className={styles.actions}>
          <DecorationAction
            card={card}
            signedIn={me !== null}
            quoteAllows={quote !== null && quote.refused === null}
            onConfirm={() => setConfirming(true)}
            onPick={() => setPicking(true)}
          />
          {isAvatar ? (
            <AvatarPreviewDialog
              ornament={o}
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={intl.formatMessage({ id: 'decorations.previewOf' }, { name: o.name })}
                  data-testid="ornament-preview"
                >
                  <FormattedMessage id="decorations.preview" />
                </Button>
              }
            />
          ) : null}
        </div>
      </div>
      {action === 'buy' && me !== null && quote !== null && quote.refused === null ? (
        <BuyConfirmDialog quote={quote} open={confirming} onOpenChange={setConfirming} />
      ) : null}
      {isAvatar ? null : (
        <WorkPicker
          open={picking}
          onOpenChange={setPicking}
          onPick={(workId) => {
            setPicking(false);
            dispatch(wearDecoration({ ornamentId: o.id, workId }));
          }}
        />
      )}
    </Card>
  );
};
