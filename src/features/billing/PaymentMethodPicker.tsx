import { useState } from 'react';
import { useIntl } from 'react-intl';
import { payment } from '../../../domain/index.js';
import { Select } from '../../ui';
import { usePaymentMethods } from './useBilling';

/** The method a purchase on this page uses; Credit Card until the person picks another. */
export const useChosenMethod = () => useState<number>(payment.DEFAULT_PAYMENT_METHOD_ID);

/** Spec §3 payment methods, one per method by its human name (an id we do not know: "Other method"). */
export const PaymentMethodPicker = ({
  value,
  onChange,
}: {
  readonly value: number;
  readonly onChange: (id: number) => void;
}) => {
  const intl = useIntl();
  const { methods } = usePaymentMethods();
  if (methods === null || methods.length === 0) return null;
  return (
    <div data-testid="payment-method">
      <Select
        label={intl.formatMessage({ id: 'billing.method.label' })}
        value={String(value)}
        onValueChange={(v) => onChange(Number(v))}
        options={methods.map((m) => ({
          value: String(m.id),
          label: intl.formatMessage({ id: `billing.method.kind.${m.kind}` }),
        }))}
      />
    </div>
  );
};
