/**
 * Which passkey manager saved a new passkey, from the AAGUID in its authenticator data (bytes 37
 * to 52 when the attested-credential flag is set), for 'A passkey was saved to …'. A few
 * well-known managers by their published AAGUIDs; any other (or none): null, and the
 * confirmation names no manager.
 */
const PROVIDERS: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
};

const ATTESTED_CREDENTIAL_FLAG = 0x40;

function bytesOf(base64url: string): Uint8Array | null {
  try {
    const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The AAGUID of registration authenticator data (URL-safe base64), or null. */
export function aaguidOf(authenticatorData: string | undefined): string | null {
  const bytes = authenticatorData ? bytesOf(authenticatorData) : null;
  if (!bytes || bytes.length < 53) return null;
  if (((bytes[32] ?? 0) & ATTESTED_CREDENTIAL_FLAG) === 0) return null;
  const id = hex(bytes.subarray(37, 53));
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

/** The passkey manager's name, when it is one the portal knows. */
export function passkeyProviderName(authenticatorData: string | undefined): string | null {
  const aaguid = aaguidOf(authenticatorData);
  return aaguid ? (PROVIDERS[aaguid] ?? null) : null;
}
