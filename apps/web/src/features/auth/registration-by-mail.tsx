import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { EMAIL_VERIFICATION_MESSAGES } from '@quayside/domain/email-verification';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { resendRegistrationLink } from '../../lib/auth-client.ts';
import { paths } from '../../lib/navigation.ts';
import { useSiteSettings } from '../../lib/site.ts';
import { authProblemOf } from './auth-errors.ts';

/** Mails the registration link again, and says what happened. */
export function ResendLinkButton({ email }: { email: string }) {
  const [outcome, setOutcome] = useState<{ isSent: boolean; message: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const { orgName } = useSiteSettings();

  const resend = async () => {
    setIsBusy(true);
    setOutcome(null);
    try {
      await resendRegistrationLink(email);
      setOutcome({ isSent: true, message: EMAIL_VERIFICATION_MESSAGES.resent(email) });
    } catch (error) {
      setOutcome({ isSent: false, message: authProblemOf(error, orgName).message });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Button variant="outlined" onClick={() => void resend()} disabled={isBusy}>
        {EMAIL_VERIFICATION_MESSAGES.resendButton}
      </Button>
      {outcome ? (
        <Alert severity={outcome.isSent ? 'success' : 'error'} role={outcome.isSent ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** After registering: the account works once the link mailed to `email` is followed. */
export function CheckYourEmail({ email }: { email: string }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {EMAIL_VERIFICATION_MESSAGES.checkYourEmailTitle}
      </Typography>
      <Alert severity="info">{EMAIL_VERIFICATION_MESSAGES.checkYourEmail(email)}</Alert>
      <ResendLinkButton email={email} />
      <Link component={RouterLink} to={paths.login} sx={{ textAlign: 'center' }}>
        Back to log in
      </Link>
    </Stack>
  );
}

/** The address a registration link was made for, to show beside the password field (null if unreadable). */
export function addressInLink(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
    const email: unknown = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}
