/** What the federation runtime reported about a remote's last failure, by remote name. */
export interface RemoteFailure {
  lifecycle: string;
  message: string;
}

const failures = new Map<string, RemoteFailure>();

export function recordRemoteFailure(remote: string, failure: RemoteFailure): void {
  failures.set(remote, failure);
}

export function lastRemoteFailure(remote: string): RemoteFailure | undefined {
  return failures.get(remote);
}
