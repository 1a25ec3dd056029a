import type { EmulatorConfig } from './config.js';
import type { EmulatorState } from './state/emulatorState.js';
import type { TokenService } from './tokens/tokenService.js';

/** What every feature's routes need: configuration, state and the token service. */
export interface EmulatorContext {
  config: EmulatorConfig;
  state: EmulatorState;
  tokens: TokenService;
}

export function tenantUrl(config: EmulatorConfig): string {
  return `${config.publicUrl}/${config.tenant}/`;
}
