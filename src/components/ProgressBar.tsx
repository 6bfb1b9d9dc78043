interface ProgressBarProps {
  readonly value: number;
  readonly label: string;
  readonly indeterminate?: boolean;
}

/** An accessible progress bar: role progressbar with its value, animated width. */
export const ProgressBar = ({ value, label, indeterminate = false }: ProgressBarProps) => (
  <div
    className={`progress${indeterminate ? ' indeterminate' : ''}`}
    role="progressbar"
    aria-label={label}
    aria-valuemin={0}
    aria-valuemax={100}
    aria-valuenow={indeterminate ? undefined : Math.round(value)}
  >
    <div className="progress-fill" style={{ width: `${indeterminate ? 30 : value}%` }} />
  </div>
);
