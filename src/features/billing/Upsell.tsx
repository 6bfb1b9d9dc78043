import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { billing } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui';
import { useTierName } from './labels';

/** ICU values of an upsell text: the tiers by their translated names, the numbers as they are. */
const useUpsellValues = (u: billing.Upsell) => {
  const tierName = useTierName();
  return {
    ...u.values,
    tierName: tierName(u.values['tier'] as billing.Tier),
    targetName: tierName(u.values['target'] as billing.Tier),
  };
};

export const UpsellTitle = ({ upsell }: { readonly upsell: billing.Upsell }) => (
  <FormattedMessage id={upsell.titleKey} />
);

export const UpsellBody = ({ upsell }: { readonly upsell: billing.Upsell }) => {
  const values = useUpsellValues(upsell);
  return (
    <p data-testid="upsell-body" data-topic={upsell.topic}>
      <FormattedMessage id={upsell.bodyKey} values={values} />
    </p>
  );
};

/**
 * The dialog's buttons: the way the upsell leads (the membership page on the suggested tier, or the
 * coin page) and Close. `onLeave` closes the dialog when the person follows the link.
 */
export const UpsellActions = ({
  upsell,
  onClose,
}: {
  readonly upsell: billing.Upsell;
  readonly onClose: () => void;
}) => {
  const intl = useIntl();
  const { to } = useLocale();
  const href =
    upsell.action.kind === 'coins'
      ? to('/coins')
      : upsell.action.kind === 'pricing'
        ? to(upsell.action.tier === null ? '/pricing' : `/pricing?tier=${upsell.action.tier}`)
        : null;
  return (
    <>
      <Button onClick={onClose} data-testid="dialog-close">
        {intl.formatMessage({ id: 'dialog.close' })}
      </Button>
      {href !== null && upsell.actionKey !== null && (
        <Button asChild variant="primary">
          <Link to={href} onClick={onClose} data-testid="upsell-action">
            <FormattedMessage id={upsell.actionKey} />
          </Link>
        </Button>
      )}
    </>
  );
};
