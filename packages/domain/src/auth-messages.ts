/** Registration messages of SPEC.md §8; the server says them when it refuses a sign-up. */
export const notListedMessage = (organisation: string) =>
  `Your email is not registered in our system. Please contact a ${organisation} administrator to add you first.`;

export const ALREADY_REGISTERED_MESSAGE = 'An account with this email already exists';

/** Error codes the server attaches to a refused sign-up, for the register screen to map. */
export const SIGN_UP_REFUSALS = {
  notListed: 'EMAIL_NOT_IN_PEOPLE_LIST',
  alreadyRegistered: 'EMAIL_ALREADY_REGISTERED',
} as const;
