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
  stop(): Promise<void>;
}
export declare function startStack(options?: {
  portalPort?: number;
  emulatorPort?: number;
  portalEnv?: Record<string, string>;
  emulatorEnv?: Record<string, string>;
  echo?: boolean;
}): Promise<PortalStack>;
