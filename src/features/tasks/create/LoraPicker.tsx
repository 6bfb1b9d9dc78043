import { FormattedMessage, useIntl } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { IconButton, Select, Slider } from '../../../ui';
import { CloseIcon } from '../../../ui/icons';
import styles from './Create.module.css';
import type { OptionsPartProps } from './useComposer';

/** The LoRAs of the form, each with its weight, and a select to add one of the base model's. */
export const LoraPicker = ({ form, set, options }: OptionsPartProps) => {
  const intl = useIntl();
  const loraChoices = tasks.lorasFor(options, form.baseModel, form.loras);
  const modelName = (id: string) => options.models.find((m) => m.id === id)?.name ?? id;
  return (
    <fieldset className={styles.group} data-testid="loras">
      <legend className={styles.legend}>
        <FormattedMessage id="create.loras" values={{ count: form.loras.length, max: tasks.LORA_MAX }} />
      </legend>
      {form.loras.map((l) => (
        <div key={l.modelId} className={styles.unit}>
          <Slider
            className={styles.unitSlider}
            label={modelName(l.modelId)}
            min={tasks.LORA_WEIGHT.min}
            max={tasks.LORA_WEIGHT.max}
            step={tasks.LORA_WEIGHT.step}
            value={l.weight}
            onValueChange={(w) =>
              set({ loras: form.loras.map((x) => (x.modelId === l.modelId ? { ...x, weight: w } : x)) })
            }
            formatValue={(w) => intl.formatNumber(w, { maximumFractionDigits: 2 })}
          />
          <IconButton
            size="sm"
            label={intl.formatMessage({ id: 'create.loras.remove' }, { name: modelName(l.modelId) })}
            onClick={() => set({ loras: form.loras.filter((x) => x.modelId !== l.modelId) })}
          >
            <CloseIcon />
          </IconButton>
        </div>
      ))}
      {form.loras.length < tasks.LORA_MAX && loraChoices.length > 0 && (
        <Select
          label={intl.formatMessage({ id: 'create.loras.add' })}
          hideLabel
          placeholder={intl.formatMessage({ id: 'create.loras.add' })}
          value=""
          onValueChange={(v) =>
            set({ loras: [...form.loras, { modelId: v, weight: tasks.LORA_WEIGHT.default }] })
          }
          options={loraChoices.map((m) => ({
            value: m.id,
            disabled: m.disabled,
            label: m.disabled
              ? intl.formatMessage({ id: 'create.model.disabled' }, { name: m.name })
              : m.name,
          }))}
        />
      )}
    </fieldset>
  );
};
