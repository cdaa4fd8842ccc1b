/** Registration messages of SPEC.md §8; the server says them when it refuses a sign-up. */
export const notListedMessage = (organisation: string) =>
  `Your email is not registered in our system. Please contact a ${organisation} administrator to add you first.`;

export const ALREADY_REGISTERED_MESSAGE = 'An account with this email already exists';

/** SPEC.md §8's words for auth/too-many-requests: the server's sign-in throttle says them, the screen shows them. */
export const TOO_MANY_FAILED_ATTEMPTS = 'Too many failed attempts. Please try again later.';

/** Error codes the server attaches to a refused sign-up, for the register screen to map. */
export const SIGN_UP_REFUSALS = {
  notListed: 'EMAIL_NOT_IN_PEOPLE_LIST',
  alreadyRegistered: 'EMAIL_ALREADY_REGISTERED',
} as const;

/** A password on the list of the most common ones, refused at registration and at reset. */
export const COMMON_PASSWORD_CODE = 'PASSWORD_TOO_COMMON';
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common passwords and easy to guess. Choose another one.';
