import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { studio } from '../../../domain/index.js';
import { EmptyState, ErrorState, Skeleton } from '../../ui';

/**
 * A loaded resource's content, or its loading skeleton, not-found or error state (with a retry).
 */
export const ResourceState = <K extends studio.StudioResourceKind>({
  view,
  retry,
  children,
  lines = 6,
}: {
  readonly view: studio.ResourceView<K>;
  readonly retry: () => void;
  readonly children: (value: Extract<studio.StudioResource, { kind: K }>) => ReactNode;
  readonly lines?: number;
}) => {
  const intl = useIntl();
  switch (view.status) {
    case 'idle':
    case 'loading':
      return (
        <div aria-busy="true" data-testid="studio-loading">
          <Skeleton lines={lines} />
        </div>
      );
    case 'missing':
      return (
        <EmptyState
          title={<FormattedMessage id="studio.missing.title" />}
          body={<FormattedMessage id="studio.missing.body" />}
        />
      );
    case 'failed':
      return (
        <ErrorState
          title={<FormattedMessage id="studio.error.title" />}
          body={<FormattedMessage id="studio.error.body" />}
          retryLabel={intl.formatMessage({ id: 'studio.retry' })}
          onRetry={retry}
        />
      );
    case 'loaded':
      return <>{children(view.value)}</>;
  }
};
