import { messages } from '@portal/shared/words';
import { dropFlowStateFromAddress } from '@portal/shared/router';
import { Button, ErrorBanner } from '@portal/shared/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { screenFailed } from '../health/pageHealth';
import { RemoteLoadError } from './loadScreen';
import { lastRemoteFailure } from './remoteFailures';
import type { RemoteName } from './remotesConfig';

interface Props {
  remote: RemoteName;
  /** The navigation (and attempt) whose screen this boundary holds: canary analysis's visit. */
  visit: string;
  onRetry: () => void;
  onError: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Catches a remote that fails to load or throws while rendering. The header, the footer and
 * the other routes keep working; this route shows the spec's banner and a Retry.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A screen that never ran never took a hand-back's flow state out of the address: take it out
    // here, so it does not stay in the history behind the banner. Retry still has it: the router's
    // location keeps the parameters the page was opened with.
    dropFlowStateFromAddress();
    this.props.onError();
    const failure = lastRemoteFailure(this.props.remote);
    screenFailed(
      this.props.remote,
      error instanceof RemoteLoadError ? 'load-failed' : 'boundary',
      this.props.visit,
    );
    const detail = error instanceof Error ? error.message : String(error);
    console.warn(
      `[portal] ${this.props.remote} screen failed: ${detail}`,
      failure ?? '',
      info.componentStack ?? '',
    );
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="portal-remote-failure" data-failed-remote={this.props.remote}>
        <ErrorBanner>
          <Button onClick={this.props.onRetry}>{messages.shell.retry}</Button>
        </ErrorBanner>
      </div>
    );
  }
}
