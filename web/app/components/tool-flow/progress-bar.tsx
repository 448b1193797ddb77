interface ProgressBarProps {
  /** 0..1 */
  value: number;
  label: string;
  /** Animated bar for work that has started but reports no progress yet. */
  indeterminate?: boolean;
  small?: boolean;
}

export function ProgressBar({ value, label, indeterminate = false, small = false }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      className={['progress', small && 'progress--small', indeterminate && 'progress--indeterminate'].filter(Boolean).join(' ')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : percent}
    >
      <div className="progress__fill" style={indeterminate ? undefined : { width: `${percent}%` }} />
    </div>
  );
}
