import { describe, expect, it } from 'vitest';
import {
  CreationOptionsSchema,
  findPublicKeyOptions,
  OPTION_LOCATIONS,
  RequestOptionsSchema,
} from '../src/fido/publicKeyOptions';

const request = { challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'Y3JlZA' }], rpId: 'localhost' };
const creation = {
  challenge: 'Y2g',
  rp: { name: 'Portal', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'pat', displayName: 'Pat' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};

describe('findPublicKeyOptions', () => {
  it('tries data, then publicKey, then the reply itself', () => {
    expect(OPTION_LOCATIONS).toEqual(['data', 'publicKey', 'reply']);
  });

  it('reads the options in data', () => {
    const found = findPublicKeyOptions({ nextaction: 'X', data: request }, RequestOptionsSchema);
    expect(found).toMatchObject({ ok: true, location: 'data', options: { challenge: 'Y2hhbGxlbmdl' } });
  });

  it('reads the options in publicKey', () => {
    const found = findPublicKeyOptions(
      { data: { message: 'hm' }, publicKey: creation },
      CreationOptionsSchema,
    );
    expect(found).toMatchObject({ ok: true, location: 'publicKey', options: { user: { name: 'pat' } } });
  });

  it('reads the options at the top level of the reply', () => {
    const found = findPublicKeyOptions({ nextaction: 'X', ...request }, RequestOptionsSchema);
    expect(found).toMatchObject({ ok: true, location: 'reply', options: { rpId: 'localhost' } });
  });

  it('when several places parse, takes them in the documented order', () => {
    const other = { ...request, challenge: 'b3RoZXI' };
    expect(
      findPublicKeyOptions({ ...other, publicKey: other, data: request }, RequestOptionsSchema),
    ).toMatchObject({ location: 'data', options: { challenge: 'Y2hhbGxlbmdl' } });
    expect(findPublicKeyOptions({ ...request, publicKey: other }, RequestOptionsSchema)).toMatchObject({
      location: 'publicKey',
      options: { challenge: 'b3RoZXI' },
    });
  });

  it('skips a place whose value does not parse (creation options without a user)', () => {
    const { user: _user, ...withoutUser } = creation;
    const found = findPublicKeyOptions({ data: withoutUser, publicKey: creation }, CreationOptionsSchema);
    expect(found).toMatchObject({ ok: true, location: 'publicKey' });
  });

  it("says 'Error processing data from server' when no place parses", () => {
    expect(findPublicKeyOptions({ data: { challenge: '' }, publicKey: null }, RequestOptionsSchema)).toEqual({
      ok: false,
      message: 'Error processing data from server',
    });
    expect(findPublicKeyOptions({ data: request }, CreationOptionsSchema)).toEqual({
      ok: false,
      message: 'Error processing data from server',
    });
  });

  it('passes fields it does not check through, and marks descriptors as public-key', () => {
    const found = findPublicKeyOptions(
      { data: { ...request, extensions: { credProps: true } } },
      RequestOptionsSchema,
    );
    expect(found).toMatchObject({
      ok: true,
      options: { extensions: { credProps: true }, allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }] },
    });
  });
});
