import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { decorations } from '../../../domain/index.js';
import {
  buyDecoration,
  unloadDecoration,
  wearDecoration,
} from '../../../infrastructure/decorations/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui';

/**
 * A decoration's one action (its card's `action`): buy (signed in; confirmed when the quote
 * allows it), wear (an avatar box at once, a production box on a picked work), take off, or none.
 */
export const DecorationAction = ({
  card,
  signedIn,
  quoteAllows,
  onConfirm,
  onPick,
}: {
  readonly card: decorations.OrnamentCard;
  readonly signedIn: boolean;
  /** The purchase quote allows buying: the purchase is asked about first. */
  readonly quoteAllows: boolean;
  readonly onConfirm: () => void;
  readonly onPick: () => void;
}) => {
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const { ornament: o, view, action, pending } = card;
  const isAvatar = o.type === 'avatarBox';
  switch (action) {
    case 'buy':
      return !signedIn ? (
        <Button asChild variant="primary" size="sm">
          <Link to={to('/login')}>
            <FormattedMessage id="decorations.signInToBuy" />
          </Link>
        </Button>
      ) : (
        <Button
          variant="primary"
          size="sm"
          loading={pending}
          onClick={() =>
            // Only a purchase the quote allows is asked about; any other shows its refusal at once.
            quoteAllows ? onConfirm() : dispatch(buyDecoration({ ornamentId: o.id }))
          }
          data-testid="ornament-buy"
        >
          <FormattedMessage id={view.useTextKey} />
        </Button>
      );
    case 'wear':
      return (
        <Button
          variant="secondary"
          size="sm"
          loading={pending}
          onClick={() => (isAvatar ? dispatch(wearDecoration({ ornamentId: o.id })) : onPick())}
          data-testid="ornament-wear"
        >
          <FormattedMessage id={isAvatar ? view.useTextKey : 'decorations.use.wearOnWork'} />
        </Button>
      );
    case 'unload':
      return (
        <Button
          variant="secondary"
          size="sm"
          loading={pending}
          onClick={() => dispatch(unloadDecoration({ ornamentId: o.id }))}
          data-testid="ornament-unload"
        >
          <FormattedMessage id={view.useTextKey} />
        </Button>
      );
    case 'none':
      return (
        <Button variant="secondary" size="sm" disabled>
          <FormattedMessage id={view.useTextKey} />
        </Button>
      );
    default:
      return null;
  }
};
