import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { SIGN_UP_REFUSALS } from '@quayside/domain/auth-messages';
import { EMAIL_VERIFICATION_MESSAGES } from '@quayside/domain/email-verification';
import { FIRST_ADMIN_MESSAGES } from '@quayside/domain/first-admin';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, call } from '../../lib/api.ts';
import {
  confirmRegistration,
  requestPasswordReset,
  resetPassword,
  setUpFirstAdmin,
  signInWithPassword,
  signUpWithPassword,
} from '../../lib/auth-client.ts';
import { paths } from '../../lib/navigation.ts';
import { siteKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.tsx';
import { useSiteSettings } from '../../lib/site.ts';
import { AUTH_MESSAGES, type AuthProblem, authProblemOf, isEmailFormat } from './auth-errors.ts';
import { addressInLink, CheckYourEmail, ResendLinkButton } from './registration-by-mail.tsx';

/** The spec's three modes, 'verify' (the page the registration mail links to) and 'setup' (the first run). */
export type AuthMode = 'login' | 'register' | 'reset' | 'verify' | 'setup';

const TITLES: Record<AuthMode, string> = {
  login: 'Log in to Quayside',
  register: 'Create your account',
  reset: 'Reset your password',
  verify: EMAIL_VERIFICATION_MESSAGES.confirmTitle,
  setup: FIRST_ADMIN_MESSAGES.title,
};

function ProblemAlert({ problem }: { problem: AuthProblem }) {
  if (problem.links === 'reset-here') {
    const [before] = problem.message.split(/here\.$/);
    return (
      <Alert severity="error">
        {before}
        <Link component={RouterLink} to={paths.resetPassword}>
          here
        </Link>
        .
      </Alert>
    );
  }
  return (
    <Alert severity="error">
      {problem.message}
      {problem.links === 'login-and-reset' ? (
        <>
          {' '}
          <Link component={RouterLink} to={paths.login}>
            Log in
          </Link>{' '}
          or{' '}
          <Link component={RouterLink} to={paths.resetPassword}>
            reset your password
          </Link>
          .
        </>
      ) : null}
    </Alert>
  );
}

type AuthFieldProps = {
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
};

function AuthField({ onChange, ...props }: AuthFieldProps) {
  return <TextField {...props} onChange={(event) => onChange(event.target.value)} />;
}

/** A password chosen here, typed twice (registration and the first run's set-up). */
function NewPasswordFields(props: {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}) {
  return (
    <>
      <AuthField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPassword}
      />
      <AuthField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={props.onConfirmation}
      />
    </>
  );
}

function AuthLayout({ mode, children }: { mode: AuthMode; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 420 }} elevation={3}>
        <Stack spacing={1} sx={{ mb: 3, alignItems: 'center' }}>
          <DirectionsBoatIcon color="primary" fontSize="large" aria-hidden />
          <Typography variant="h5" component="h1">
            {TITLES[mode]}
          </Typography>
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}

/** SPEC.md §2 'Auth screen': one screen, its mode chosen by the path. */
export function AuthScreen({ mode }: { mode: AuthMode }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthLayout mode={mode}>
      {mode === 'login' ? <LoginForm /> : null}
      {mode === 'register' ? <RegisterForm /> : null}
      {mode === 'reset' ? token ? <NewPasswordForm token={token} /> : <ResetRequestForm /> : null}
      {mode === 'verify' ? <ConfirmRegistrationForm token={token ?? ''} /> : null}
      {mode === 'setup' ? <FirstAdminForm token={token ?? ''} /> : null}
    </AuthLayout>
  );
}

function useAuthForm() {
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const { orgName } = useSiteSettings();
  /** Runs one submission: a thrown error becomes the problem shown. */
  const run = async (work: () => Promise<void>) => {
    setProblem(null);
    setIsBusy(true);
    try {
      await work();
    } catch (error) {
      setProblem(error instanceof ShownProblem ? error.problem : authProblemOf(error, orgName));
    } finally {
      setIsBusy(false);
    }
  };
  return { problem, isBusy, run, orgName };
}

/** A problem found before asking the server (or instead of its answer). */
class ShownProblem extends Error {
  constructor(readonly problem: AuthProblem) {
    super(problem.message);
  }
}

function checkEmail(email: string) {
  if (!isEmailFormat(email)) throw new ShownProblem({ message: AUTH_MESSAGES.invalidEmail });
}

/** After signing in (or registering), back to where the visitor was headed. */
function useEnterApp() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return async () => {
    await refresh();
    const from = (location.state as { from?: { pathname: string; search: string; hash: string } } | null)?.from;
    navigate(from ? `${from.pathname}${from.search}${from.hash}` : paths.dashboard, { replace: true });
  };
}

function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { problem, isBusy, run } = useAuthForm();
  const { supportEmail, setupNeeded } = useSiteSettings();
  const enterApp = useEnterApp();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const trimmed = email.trim();
      checkEmail(trimmed);
      await signInWithPassword(trimmed, password);
      await enterApp();
    });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {setupNeeded ? <Alert severity="info">{FIRST_ADMIN_MESSAGES.noAdministrator}</Alert> : null}
      {problem ? <ProblemAlert problem={problem} /> : null}
      {problem?.links === 'resend' ? <ResendLinkButton email={email.trim()} /> : null}
      <AuthField label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
      <AuthField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" variant="contained" disabled={isBusy}>
        Log in
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={paths.register}>
          Register
        </Link>
        <Link component={RouterLink} to={paths.resetPassword}>
          Forgot password?
        </Link>
      </Stack>
      {supportEmail ? (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Need help signing in? Contact support at <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>.
        </Typography>
      ) : null}
    </Stack>
  );
}

function RegisterForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const { problem, isBusy, run } = useAuthForm();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const trimmed = email.trim();
      checkEmail(trimmed);
      if (password !== confirmation) throw new ShownProblem({ message: AUTH_MESSAGES.passwordsDiffer });
      const eligibility = await call('checkEligibility', { query: { email: trimmed } }).catch((error: unknown) => {
        console.error('Eligibility check failed', error);
        throw new ShownProblem({ message: AUTH_MESSAGES.eligibilityFailed });
      });
      if (!eligibility.eligible) {
        // The server refuses the same sign-ups; asking first lets the screen say why.
        const refusal =
          eligibility.reason === 'already_registered' ? SIGN_UP_REFUSALS.alreadyRegistered : SIGN_UP_REFUSALS.notListed;
        throw new ApiError(403, '', refusal);
      }
      await signUpWithPassword(trimmed, password);
      // No session yet: the account works once the mailed link is followed.
      setRegisteredEmail(trimmed);
    });
  };

  if (registeredEmail) return <CheckYourEmail email={registeredEmail} />;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {problem ? <ProblemAlert problem={problem} /> : null}
      <AuthField label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      <Button type="submit" variant="contained" disabled={isBusy}>
        Register
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.login}>
          Log in
        </Link>
      </Typography>
    </Stack>
  );
}

function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [isSent, setIsSent] = useState(false);
  const { problem, isBusy, run } = useAuthForm();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const trimmed = email.trim();
      checkEmail(trimmed);
      await requestPasswordReset(trimmed);
      setIsSent(true);
    });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {problem ? <ProblemAlert problem={problem} /> : null}
      {isSent ? <Alert severity="success">{AUTH_MESSAGES.resetSent}</Alert> : null}
      <AuthField label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
      <Button type="submit" variant="contained" disabled={isBusy}>
        Send reset link
      </Button>
      <Link component={RouterLink} to={paths.login} sx={{ textAlign: 'center' }}>
        Back to log in
      </Link>
    </Stack>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isChanged, setIsChanged] = useState(false);
  const { problem, isBusy, run } = useAuthForm();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (password !== confirmation) throw new ShownProblem({ message: AUTH_MESSAGES.passwordsDiffer });
      await resetPassword(token, password);
      setIsChanged(true);
    });
  };

  if (isChanged) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{AUTH_MESSAGES.passwordChanged}</Alert>
        <Button component={RouterLink} to={paths.login} variant="contained">
          Log in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {problem ? <ProblemAlert problem={problem} /> : null}
      <AuthField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <AuthField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
      />
      <Button type="submit" variant="contained" disabled={isBusy}>
        Set new password
      </Button>
    </Stack>
  );
}

/** The page the registration mail links to: the registration's password confirms the address and signs in. */
function ConfirmRegistrationForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const { problem, isBusy, run } = useAuthForm();
  const enterApp = useEnterApp();
  const email = addressInLink(token);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await confirmRegistration(token, password);
      await enterApp();
    });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {problem ? <ProblemAlert problem={problem} /> : null}
      <Typography variant="body2">{EMAIL_VERIFICATION_MESSAGES.confirmIntro}</Typography>
      {email ? (
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          slotProps={{ input: { readOnly: true } }}
        />
      ) : null}
      <AuthField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" variant="contained" disabled={isBusy}>
        {EMAIL_VERIFICATION_MESSAGES.confirmButton}
      </Button>
    </Stack>
  );
}

/** The first run: the printed link's page creates the first Admin and signs them in. */
function FirstAdminForm({ token }: { token: string }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [company, setCompany] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { problem, isBusy, run } = useAuthForm();
  const queryClient = useQueryClient();
  const enterApp = useEnterApp();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const trimmed = email.trim();
      checkEmail(trimmed);
      if (password !== confirmation) throw new ShownProblem({ message: AUTH_MESSAGES.passwordsDiffer });
      await setUpFirstAdmin({
        token,
        full_name: fullName.trim(),
        email: trimmed,
        company_name: company.trim(),
        password,
      });
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      await enterApp();
    });
  };

  if (!token) return <Alert severity="error">{FIRST_ADMIN_MESSAGES.linkMissing}</Alert>;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {problem ? <ProblemAlert problem={problem} /> : null}
      <Typography variant="body2">{FIRST_ADMIN_MESSAGES.intro}</Typography>
      <AuthField label="Full name" type="text" autoComplete="name" value={fullName} onChange={setFullName} />
      <AuthField label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
      <AuthField label="Company" type="text" autoComplete="organization" value={company} onChange={setCompany} />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      <Button type="submit" variant="contained" disabled={isBusy}>
        {FIRST_ADMIN_MESSAGES.button}
      </Button>
    </Stack>
  );
}
