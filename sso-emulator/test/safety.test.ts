import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const FLAG = 'EMULATOR_I_UNDERSTAND_THIS_IS_NOT_A_REAL_SSO';

describe('the emulator refuses to pass for a real SSO', () => {
  it('starts on loopback addresses outside production', () => {
    for (const host of [undefined, '127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]']) {
      expect(loadConfig(host === undefined ? {} : { EMULATOR_HOST: host }).host).toBe(host ?? '127.0.0.1');
    }
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
  });

  it('refuses NODE_ENV=production, naming it and the flag', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(
      new RegExp(`^Invalid environment variable NODE_ENV: .*does not run in production.*${FLAG}=1`),
    );
  });

  it.each(['0.0.0.0', '::', '10.1.2.3', '192.168.0.5', 'sso.example.com'])(
    'refuses to listen on %s, naming EMULATOR_HOST and the flag',
    (host) => {
      expect(() => loadConfig({ EMULATOR_HOST: host })).toThrowError(
        new RegExp(
          `^Invalid environment variable EMULATOR_HOST: .*can be reached from other machines.*${FLAG}=1`,
        ),
      );
    },
  );

  it(`runs anyway when ${FLAG}=1 (and only 1)`, () => {
    expect(loadConfig({ NODE_ENV: 'production', EMULATOR_HOST: '0.0.0.0', [FLAG]: '1' }).host).toBe(
      '0.0.0.0',
    );
    for (const value of ['true', 'yes', '0']) {
      expect(() => loadConfig({ EMULATOR_HOST: '0.0.0.0', [FLAG]: value })).toThrowError(/EMULATOR_HOST/);
    }
  });
});
