import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PortalServerConfig } from './config.js';
import { registerErrorHandler } from './http/errorReply.js';
import { type LoggerSetup, loggerOptions } from './logging.js';
import { registerSsoProxy } from './proxy/ssoProxy.js';
import { RemotesFile } from './remotes/remotesFile.js';
import { registerCspReportRoute } from './routes/cspReport.js';
import { registerEnvironmentRoute } from './routes/environment.js';
import { registerProductConfigRoute } from './routes/productConfig.js';
import { registerRemotesJsonRoute } from './routes/remotesJson.js';
import { registerSecurityHeaders } from './security/securityHeaders.js';
import { registerHostApp } from './static/hostApp.js';
import { registerRemoteReleases } from './static/remoteReleases.js';
import { SsoTokenClient } from './tokens/ssoTokenClient.js';
import { registerTokenRoutes } from './tokens/tokenRoutes.js';

export interface BuildOptions {
  /** Where log lines go (tests read them); default stdout. */
  logStream?: LoggerSetup['stream'];
}

/** The portal's own origin: host app, remote releases, configuration, token calls and the SSO proxy. */
export async function buildServer(
  config: PortalServerConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions({
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
    }),
    return503OnClosing: true,
  });

  /** PUBLIC_ORIGIN, or http://localhost:<port actually bound> (PORT=0 picks one at listen time). */
  const publicOrigin = (): string => {
    if (config.publicOrigin) return config.publicOrigin;
    const address = app.server.address() as AddressInfo | string | null;
    const port = address && typeof address === 'object' ? address.port : config.port;
    return `http://localhost:${port}`;
  };
  const remotesFile = new RemotesFile(config.remotesConfigFile);

  registerErrorHandler(app);
  registerSecurityHeaders(app, { config, remotesFile, publicOrigin });

  registerEnvironmentRoute(app, config);
  registerProductConfigRoute(app, config.product);
  registerRemotesJsonRoute(app, remotesFile);
  registerTokenRoutes(
    app,
    new SsoTokenClient({
      ssoBaseUrl: config.ssoBaseUrl,
      clientId: config.ssoClientId,
      clientSecret: config.ssoClientSecret,
      timeoutMs: config.proxyTimeoutMs,
    }),
  );
  await registerSsoProxy(app, { ssoBaseUrl: config.ssoBaseUrl, timeoutMs: config.proxyTimeoutMs });
  await registerCspReportRoute(app);
  await registerHostApp(app, config.hostDist);
  await registerRemoteReleases(app, config.releasesDir, publicOrigin);

  return app;
}
