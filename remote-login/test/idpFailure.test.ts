import { describe, expect, it } from 'vitest';
import { idpFailureMessage } from '../src/idp/idpFailure';

describe('idpFailureMessage (why /idp ends the flow)', () => {
  it("the service's own message for an HTTP error that has one", () => {
    expect(idpFailureMessage({ kind: 'http', status: 502, message: 'Injected fault' })).toBe(
      'Injected fault',
    );
  });

  it("'Unexpected response from identity provider.' for an empty, null or unreadable reply, or no text", () => {
    for (const kind of ['null', 'malformed'] as const) {
      expect(
        idpFailureMessage({ kind, message: 'Unable to handle the request. Please try again later.' }),
      ).toBe('Unexpected response from identity provider.');
    }
    expect(
      idpFailureMessage({
        kind: 'http',
        status: 500,
        message: 'Unable to handle the request. Please try again later.',
      }),
    ).toBe('Unexpected response from identity provider.');
  });

  it('a network failure keeps its message', () => {
    expect(idpFailureMessage({ kind: 'network', message: 'The service cannot be reached.' })).toBe(
      'The service cannot be reached.',
    );
  });
});
