import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { Field, Select, TextArea } from '../../../ui';
import { NONE, type SetForm } from './useComposer';

/** The prompt (Ctrl/Cmd+Enter sends), the negative prompt and the prompt style. */
export const PromptFields = ({
  form,
  set,
  options,
  promptProblem,
  touched,
  submit,
}: {
  readonly form: tasks.GenerationForm;
  readonly set: SetForm;
  readonly options: tasks.GenerationOptions | null;
  readonly promptProblem: ReturnType<typeof tasks.generationProblems>['prompt'];
  readonly touched: boolean;
  readonly submit: (e: FormEvent) => void;
}) => {
  const intl = useIntl();
  return (
    <>
      <Field
        label={<FormattedMessage id="create.prompt.label" />}
        error={
          touched && promptProblem !== null ? (
            <FormattedMessage id={`create.prompt.${promptProblem}`} />
          ) : undefined
        }
        help={
          <FormattedMessage
            id="create.prompt.count"
            values={{ count: form.prompt.length, max: tasks.PROMPT_MAX_LENGTH }}
          />
        }
      >
        <TextArea
          name="prompt"
          className="create-prompt"
          data-testid="prompt"
          rows={4}
          maxLength={tasks.PROMPT_MAX_LENGTH}
          value={form.prompt}
          placeholder={intl.formatMessage({ id: 'create.prompt.placeholder' })}
          onChange={(e) => set({ prompt: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
          }}
        />
      </Field>
      <Field label={<FormattedMessage id="create.negative.label" />}>
        <TextArea
          name="negative"
          className="create-negative"
          data-testid="negative-prompt"
          rows={2}
          maxLength={tasks.PROMPT_MAX_LENGTH}
          value={form.negativePrompt}
          placeholder={intl.formatMessage({ id: 'create.negative.placeholder' })}
          onChange={(e) => set({ negativePrompt: e.target.value })}
        />
      </Field>
      {options && options.promptStyles.length > 0 && (
        <Select
          label={intl.formatMessage({ id: 'create.style' })}
          value={form.style?.name ?? NONE}
          onValueChange={(v) => set({ style: options.promptStyles.find((s) => s.name === v) ?? null })}
          options={[
            { value: NONE, label: intl.formatMessage({ id: 'create.style.none' }) },
            ...options.promptStyles.map((s) => ({ value: s.name, label: s.name })),
          ]}
        />
      )}
    </>
  );
};
