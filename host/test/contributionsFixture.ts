import type { MergedContributions } from '@portal/contributions/merge';

/**
 * Merged contributions as the portal server would hand them over, written here: the host's tests
 * build its router from them the way the page's start-up data does.
 */
export const contributions: MergedContributions = {
  version: 1,
  routes: [
    {
      path: '/',
      guard: 'A',
      expose: './Landing',
      title: 'A Better Login Experience',
      likelyNext: ['/direct'],
      remote: 'remote_login',
    },
    {
      path: '/direct',
      guard: 'A',
      expose: './UserId',
      title: 'Sign in',
      startsLogin: true,
      likelyNext: ['/verify', '/sotp', '/gone', '/eotp'],
      remote: 'remote_login',
    },
    {
      path: '/verify',
      guard: 'C',
      expose: './Password',
      title: 'Enter your password',
      remote: 'remote_login',
    },
    { path: '/sotp', guard: 'C', expose: './Otp', title: 'Text Message (SMS)', remote: 'remote_factors' },
    { path: '/eotp', guard: 'C', expose: './Otp', title: 'Email', remote: 'remote_factors' },
    { path: '/welcome', guard: 'B', expose: './Welcome', title: 'Welcome', remote: 'remote_selfservice' },
    { path: '/help', guard: 'none', expose: './Help', title: 'Login Assistance', remote: 'remote_help' },
    { path: '/elsewhere', guard: 'none', expose: './Other', title: 'Other', remote: 'remote_unknown' },
  ],
  nextActions: [
    { action: 'PASSWORD_AUTH', path: '/verify', remote: 'remote_login' },
    { action: 'SMS_OTP_SELECTION', path: '/sotp', remote: 'remote_factors' },
  ],
  factors: [],
  links: [
    { slot: 'footer', path: '/help', label: 'Login Assistance', order: 50, remote: 'remote_help' },
    { slot: 'footer', path: '/cookies', label: 'Cookie Policy', order: 20, remote: 'remote_help' },
    { slot: 'header', path: '/help', label: 'Help', order: 1, remote: 'remote_help' },
    {
      slot: 'footer',
      path: '/sms-terms-of-service',
      label: 'SMS Terms of Service',
      order: 40,
      remote: 'remote_help',
    },
  ],
  calls: [],
};
