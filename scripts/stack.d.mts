export declare const repoRoot: string;
export declare function freePort(): Promise<number>;
export interface RunningServer {
  url: string;
  line: Record<string, unknown>;
  logs: string[];
  stop(): Promise<void>;
}
export declare function startServer(
  script: string,
  env: Record<string, string>,
  options?: { timeoutMs?: number; echo?: boolean },
): Promise<RunningServer>;
export interface PortalStack {
  portalUrl: string;
  emulatorUrl: string;
  tenantUrl: string;
  devPage: string;
  /** Every line the portal server has written so far (stdout and stderr), growing as it runs. */
  portalLogs: string[];
  /** Each portal server: the port it listens on (127.0.0.1) and its log lines, growing as it runs. */
  instances: {
    port: number;
    logs: string[];
    /** SIGTERM (the server drains, closes and exits), then the same server again on the same port. */
    restart(): Promise<{ exitCode: number | null }>;
  }[];
  stop(): Promise<void>;
}
export declare function startStack(options?: {
  portalPort?: number;
  emulatorPort?: number;
  portalEnv?: Record<string, string>;
  emulatorEnv?: Record<string, string>;
  echo?: boolean;
  /** Portal servers to start with the same settings (default 1); each on its own port. */
  instances?: number;
  /** The origin browsers use (PUBLIC_ORIGIN) when a load balancer stands in front; default the first portal's own. */
  publicOrigin?: string;
}): Promise<PortalStack>;
