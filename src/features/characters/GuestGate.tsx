import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { openDialog } from '../../../infrastructure/notices/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, Card, EmptyState } from '../../ui';
import { useIsGuest } from './useCharacters';

/** A guest is asked to sign in where a screen needs an account (characters belong to one). */
export const GuestGate = ({ children }: { readonly children: ReactNode }) => {
  const dispatch = useAppDispatch();
  const guest = useIsGuest();
  if (!guest) return <>{children}</>;
  return (
    <Card padding="lg" data-testid="characters-guest">
      <EmptyState
        title={<FormattedMessage id="characters.signIn.title" />}
        body={<FormattedMessage id="characters.signIn.text" />}
        action={
          <Button variant="primary" onClick={() => dispatch(openDialog({ name: 'login' }))}>
            <FormattedMessage id="header.signIn" />
          </Button>
        }
      />
    </Card>
  );
};
