import { PROGRESS_MAX } from '../constants';
import { messages } from '../messages/en_US';
import './LoadingBar.css';

export interface LoadingBarProps {
  /** Accessible name; 'Loading' by default. */
  label?: string;
}

/** Indeterminate progress bar: a native <progress> without a value, announced by its label. */
export function LoadingBar({ label = messages.shell.loading }: LoadingBarProps) {
  return <progress className="portal-loading-bar" max={PROGRESS_MAX} aria-label={label} />;
}
