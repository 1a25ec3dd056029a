/**
 * Safari (not Chrome, whose user agent also says Safari) wants the WebAuthn prompt started from a
 * user gesture: there the screen waits for 'Next' unless remember-device is enabled.
 */
export function isSafariWithoutChrome(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/(Chrome|Chromium|CriOS|Edg|EdgiOS|FxiOS|OPR)\//.test(userAgent);
}

export function needsManualStart(userAgent: string, rememberDeviceEnabled: boolean): boolean {
  return isSafariWithoutChrome(userAgent) && !rememberDeviceEnabled;
}
