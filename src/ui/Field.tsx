import {
  createContext,
  forwardRef,
  useContext,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx';
import styles from './Field.module.css';
import { EyeIcon } from './icons';

/** What a control inside a Field needs to wire itself to the label, help and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  required?: boolean;
  disabled?: boolean;
}

const FieldContext = createContext<FieldControlProps | null>(null);

/** For custom controls inside a Field: spread the result onto the focusable element. */
export function useFieldControl(): FieldControlProps | null {
  return useContext(FieldContext);
}

export interface FieldProps {
  label: ReactNode;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
  help?: ReactNode;
  /** Error message; when present the control gets aria-invalid and is described by it. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Id for the control; generated when omitted. */
  id?: string;
  /** The control: TextInput, TextArea, PasswordInput, or one using useFieldControl(). */
  children: ReactNode;
  className?: string;
}

export function Field({
  label,
  hideLabel,
  help,
  error,
  required,
  disabled,
  id,
  children,
  className,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const helpId = `${controlId}-help`;
  const errorId = `${controlId}-error`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
    required,
    disabled,
  };
  return (
    <div className={cx(styles.field, className)} data-invalid={error ? '' : undefined}>
      <label htmlFor={controlId} className={cx(styles.label, hideLabel && styles.hidden)}>
        {label}
      </label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {help ? (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function merge<T extends { id?: string; 'aria-describedby'?: string }>(
  field: FieldControlProps | null,
  own: T,
) {
  if (!field) return own;
  const describedBy =
    [field['aria-describedby'], own['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    ...field,
    ...own,
    id: own.id ?? field.id,
    'aria-describedby': describedBy,
    disabled: (own as { disabled?: boolean }).disabled ?? field.disabled,
  };
}

export type TextInputProps = InputHTMLAttributes<HTMLInputElement>;

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { className, type = 'text', ...rest },
  ref,
) {
  const field = useFieldControl();
  return <input ref={ref} type={type} className={cx(styles.input, className)} {...merge(field, rest)} />;
});

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Grow with content (CSS field-sizing where supported). */
  autoGrow?: boolean;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { className, autoGrow = false, rows = 4, ...rest },
  ref,
) {
  const field = useFieldControl();
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={cx(styles.input, styles.textarea, autoGrow && styles.autoGrow, className)}
      {...merge(field, rest)}
    />
  );
});

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Accessible name of the reveal toggle while the password is hidden. */
  showLabel: string;
  /** Accessible name of the reveal toggle while the password is shown. */
  hideLabel: string;
}

export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { className, showLabel, hideLabel, ...rest },
  ref,
) {
  const field = useFieldControl();
  const [visible, setVisible] = useState(false);
  const props = merge(field, rest);
  return (
    <div className={styles.password}>
      <input
        ref={ref}
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        spellCheck={false}
        autoCapitalize="none"
        className={cx(styles.input, styles.passwordInput, className)}
        {...props}
      />
      <button
        type="button"
        className={styles.reveal}
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        aria-controls={props.id}
        disabled={props.disabled}
        onClick={() => setVisible((v) => !v)}
      >
        <EyeIcon off={visible} />
      </button>
    </div>
  );
});
