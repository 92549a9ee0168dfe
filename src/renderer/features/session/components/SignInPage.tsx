import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconLink, IconLock, IconMasksTheater } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { pluralize } from '../../../ui/format';
import { useNow } from '../../../ui/RelativeTime';
import { type SignInError, sessionSelectors, useSessionStore } from '../store';

function SignInFrame({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.title = 'Sign in · Troupe';
  }, []);
  return (
    <Center mih="100vh" p="md" className="troupe-signin">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={400} component="main">
        <Stack gap="lg">
          <Group gap="sm">
            <ThemeIcon
              size={40}
              radius="md"
              variant="gradient"
              gradient={{ from: 'indigo', to: 'grape', deg: 135 }}
            >
              <IconMasksTheater size={24} aria-hidden />
            </ThemeIcon>
            <div>
              <Title order={1} fz={22} fw={700} lh={1.1}>
                Troupe
              </Title>
              <Text size="sm" c="dimmed">
                Sign in to the console
              </Text>
            </div>
          </Group>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

function secondsLeft(error: SignInError | null, now: number): number {
  if (error?.kind !== 'throttled' || error.retryAt === null) return 0;
  return Math.max(0, Math.ceil((error.retryAt - now) / 1000));
}

function signInErrorText(error: SignInError, waitSeconds: number): string {
  switch (error.kind) {
    case 'wrong-password':
      return 'That password is not right. Check it and try again.';
    case 'throttled':
      if (error.retryAt === null) return 'Too many sign-in attempts. Wait a while, then try again.';
      return waitSeconds > 0
        ? `Too many sign-in attempts. Try again in ${pluralize(waitSeconds, 'second')}.`
        : 'Too many sign-in attempts. You can try again now.';
    case 'failed':
      return error.message;
    default:
      return error satisfies never;
  }
}

function PasswordForm() {
  const signingIn = useSessionStore(sessionSelectors.signingIn);
  const error = useSessionStore(sessionSelectors.signInError);
  const { signIn } = useSessionStore(sessionSelectors.actions);
  const [password, setPassword] = useState('');
  const now = useNow(1000).getTime();
  const wait = secondsLeft(error, now);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== '' && !signingIn && wait === 0) void signIn(password);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Password"
          description="The console password set for this server."
          autoComplete="current-password"
          // The only field on the screen the operator came to: focusing it saves a click.
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          leftSection={<IconLock size={16} aria-hidden />}
        />
        {error && (
          <Alert
            role="alert"
            color={error.kind === 'throttled' ? 'orange' : 'red'}
            variant="light"
            p="sm"
            icon={<IconAlertTriangle aria-hidden />}
          >
            <Text size="sm">{signInErrorText(error, wait)}</Text>
          </Alert>
        )}
        <Button type="submit" fullWidth loading={signingIn} disabled={password === '' || wait > 0}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

function LinkInstructions() {
  const { checkSession } = useSessionStore(sessionSelectors.actions);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
          <IconLink size={18} />
        </ThemeIcon>
        <Text size="sm">
          Open the one-time sign-in link that <Code>troupe serve</Code> printed in its terminal when it
          started. It signs this browser in and brings you back here.
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Each link works once. Restart <Code>troupe serve</Code> to get a new one, or start it with{' '}
        <Code>--password-file</Code> to sign in with a password.
      </Text>
      <Button variant="default" onClick={() => void checkSession()}>
        I have opened the link
      </Button>
    </Stack>
  );
}

/** The browser console's sign-in: a password form, or where to find the one-time link. */
export function SignInPage({ passwordLogin }: { passwordLogin: boolean }) {
  return <SignInFrame>{passwordLogin ? <PasswordForm /> : <LinkInstructions />}</SignInFrame>;
}

/** The session check failed before anything else could happen. */
export function ServerUnreachablePage({ message }: { message: string }) {
  const { checkSession } = useSessionStore(sessionSelectors.actions);
  return (
    <SignInFrame>
      <Alert
        role="alert"
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title="Cannot reach Troupe"
      >
        <Text size="sm">{message}</Text>
      </Alert>
      <Button variant="default" onClick={() => void checkSession()}>
        Try again
      </Button>
    </SignInFrame>
  );
}
