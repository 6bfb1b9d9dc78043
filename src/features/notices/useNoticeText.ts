import { useIntl } from 'react-intl';
import type { notices } from '../../../domain/index.js';

/** Spec §8: a notice reads its code's own text, else the server's message, else its family's text. */
export const useNoticeText = () => {
  const intl = useIntl();
  const has = (id: string | null | undefined): id is string => !!id && intl.messages[id] !== undefined;
  return (n: notices.Notice): string =>
    has(n.messageKey)
      ? intl.formatMessage({ id: n.messageKey }, n.values)
      : (n.fallback ??
        (has(n.fallbackKey)
          ? intl.formatMessage({ id: n.fallbackKey }, n.values)
          : intl.formatMessage({ id: 'ServerError' })));
};
