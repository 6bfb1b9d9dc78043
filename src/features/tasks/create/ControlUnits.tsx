import { FormattedMessage, useIntl } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { Button, IconButton, Select, Slider } from '../../../ui';
import { CloseIcon } from '../../../ui/icons';
import styles from './Create.module.css';
import type { OptionsPartProps } from './useComposer';

/** The control units of an image to image task: each a module and a weight, up to the config's max. */
export const ControlUnits = ({ form, set, options }: OptionsPartProps) => {
  const intl = useIntl();
  const units = form.controlUnits;
  const change = (i: number, patch: Partial<(typeof units)[number]>) =>
    set({ controlUnits: units.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  return (
    <fieldset className={styles.group} data-testid="control-units">
      <legend className={styles.legend}>
        <FormattedMessage
          id="create.control"
          values={{ count: units.length, max: options.controlUnits.max }}
        />
      </legend>
      {units.map((u, i) => (
        <div key={i} className={styles.unit}>
          <Select
            label={intl.formatMessage({ id: 'create.control.module' }, { n: i + 1 })}
            value={u.module}
            onValueChange={(m) => change(i, { module: m })}
            options={options.modules.map((m) => ({ value: m.name, label: `${m.name} · ${m.category}` }))}
          />
          <Slider
            className={styles.unitSlider}
            label={intl.formatMessage({ id: 'create.control.weight' })}
            min={tasks.CONTROL_WEIGHT.min}
            max={tasks.CONTROL_WEIGHT.max}
            step={tasks.CONTROL_WEIGHT.step}
            value={u.weight}
            onValueChange={(w) => change(i, { weight: w })}
          />
          <IconButton
            size="sm"
            label={intl.formatMessage({ id: 'create.control.remove' }, { n: i + 1 })}
            onClick={() => set({ controlUnits: units.filter((_, j) => j !== i) })}
          >
            <CloseIcon />
          </IconButton>
        </div>
      ))}
      {units.length < options.controlUnits.max && options.modules.length > 0 && (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() =>
            set({
              controlUnits: [
                ...units,
                { module: options.modules[0]!.name, weight: options.controlUnits.defaultWeight },
              ],
            })
          }
        >
          <FormattedMessage id="create.control.add" />
        </Button>
      )}
    </fieldset>
  );
};
