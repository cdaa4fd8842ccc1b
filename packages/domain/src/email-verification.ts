/**
 * Registration by mail: an account is bound to a person only once someone who reads the mailbox
 * follows the link mailed to it and enters the password chosen at registration. Every word the
 * registration-by-mail steps show — screens, server refusals, the mail — is here.
 */

/** How long a registration link stays valid. */
export const REGISTRATION_LINK_HOURS = 24;

/** Codes the server attaches to its answers, for the screens to map. */
export const EMAIL_VERIFICATION_CODES = {
  /** better-auth's code when an account whose address is not confirmed yet signs in. */
  notConfirmed: 'EMAIL_NOT_VERIFIED',
  linkExpired: 'REGISTRATION_LINK_EXPIRED',
  linkInvalid: 'REGISTRATION_LINK_INVALID',
  linkReplaced: 'REGISTRATION_LINK_REPLACED',
  wrongPassword: 'REGISTRATION_PASSWORD_MISMATCH',
  alreadyConfirmed: 'EMAIL_ALREADY_CONFIRMED',
} as const;

export const EMAIL_VERIFICATION_MESSAGES = {
  checkYourEmailTitle: 'Check your e-mail',
  checkYourEmail: (email: string) =>
    `We have sent a link to ${email}. Open it within ${REGISTRATION_LINK_HOURS} hours and enter your password to finish registering. Until then you cannot log in.`,
  resendButton: 'Resend the link',
  resent: (email: string) => `A new link is on its way to ${email}.`,
  notConfirmed:
    'Your e-mail address is not confirmed yet. Open the link we mailed you when you registered, or ask for a new one.',
  confirmTitle: 'Confirm your e-mail address',
  confirmIntro: 'To finish registering, enter the password you chose when you registered.',
  confirmButton: 'Confirm and log in',
  linkExpired: `This link has expired: links are valid for ${REGISTRATION_LINK_HOURS} hours. Log in with your e-mail and password to ask for a new one, or register again.`,
  linkInvalid: 'This link is not valid. Copy the whole link from the mail, or register again.',
  linkReplaced:
    'This link is no longer valid: a newer registration for this e-mail address replaced it. Use the newest mail, or register again.',
  wrongPassword:
    'That is not the password chosen when this link was requested. If you did not register just now, ignore the mail; otherwise enter the password you chose, or register again.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
} as const;

/** The mail sent to an address someone registered with. */
export function registrationMail(link: string) {
  return {
    subject: 'Confirm your e-mail address for Quayside',
    text:
      `Someone registered for Quayside with this e-mail address.\n\n` +
      `If it was you, open this link within ${REGISTRATION_LINK_HOURS} hours and enter the password you chose to finish registering:\n${link}\n\n` +
      `If it was not you, ignore this mail: without the password chosen at registration the link does nothing, and no account is made.`,
  };
}
