export declare function loadBalancerConfig(options: {
  dir: string;
  port: number;
  upstreams: string[];
}): string;
export interface RunningLoadBalancer {
  /** http://localhost:<port>: the origin browsers use. */
  url: string;
  port: number;
  /** The access log's lines so far: `METHOD /path STATUS upstream-address`. */
  accessLog(): string[];
  stop(): Promise<void>;
}
export declare function startLoadBalancer(options: {
  upstreams: string[];
  port?: number;
  timeoutMs?: number;
}): Promise<RunningLoadBalancer>;
