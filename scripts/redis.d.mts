export interface RunningRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}
export declare function startRedis(options?: { port?: number; timeoutMs?: number }): Promise<RunningRedis>;
