import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { support } from '../../../domain/index.js';

/** A log's size in kB or MB (support.sizeOf). */
export const Size = ({ bytes }: { readonly bytes: number }) => {
  const size = support.sizeOf(bytes);
  return (
    <FormattedMessage
      id={size.unit === 'kB' ? 'report.sizeKb' : 'report.sizeMb'}
      values={{ n: size.value }}
    />
  );
};

/** A moment of a report or a visit, as the page shows it (medium date, short time). */
export const useReportDate = () => {
  const intl = useIntl();
  return useCallback(
    (at: number) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }),
    [intl],
  );
};
