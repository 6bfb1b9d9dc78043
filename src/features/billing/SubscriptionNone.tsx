import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/locale';
import { Button, Card, EmptyState } from '../../ui';

/** No running subscription: the plans to see, and the 3-day trial when the server offers it. */
export const SubscriptionNone = ({ threeDayTrial }: { readonly threeDayTrial: boolean }) => {
  const { to } = useLocale();
  return (
    <Card padding="lg" data-testid="subscription-none">
      <EmptyState
        title={<FormattedMessage id="billing.subscription.none" />}
        body={
          threeDayTrial ? (
            <span data-testid="three-day-trial">
              <FormattedMessage id="billing.subscription.trialOffered" />
            </span>
          ) : (
            <FormattedMessage id="billing.subscription.noneBody" />
          )
        }
        action={
          <Button asChild variant="primary">
            <Link to={to('/pricing')}>
              <FormattedMessage id="billing.subscription.seePlans" />
            </Link>
          </Button>
        }
      />
    </Card>
  );
};
