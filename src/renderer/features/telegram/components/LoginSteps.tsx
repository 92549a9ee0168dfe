import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconQrcode } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { LoginStep } from '../../../../shared/domain/telegram';
import { codeSentSentence, userLabel } from '../model';
import { telegramSelectors } from '../selectors';
import { type LoginAction, type LoginWizard, useTelegramStore } from '../store';

type WizardProps = { configName: string; wizard: LoginWizard };

/** The props of one step's view: the agent, its wizard, and the step with its details. */
export type StepProps<S extends LoginStep['step']> = WizardProps & { step: Extract<LoginStep, { step: S }> };

/** The failure of `action` with what was typed, if the last call was that one: shown on its field. */
export function errorOf(wizard: LoginWizard, action: LoginAction): string | null {
  return wizard.error?.action === action && wizard.error.onField ? wizard.error.message : null;
}

/** The last call's failure that is not about a field (the server, a wait Telegram asks for). */
export function StepAlert({ wizard }: { wizard: LoginWizard }) {
  if (!wizard.error || wizard.error.onField) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
      {wizard.error.message}
    </Alert>
  );
}

/** Focuses the step's field when the step appears: the modal only focuses when it opens. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

export function CancelButton({ configName }: { configName: string }) {
  const { closeLogin } = useTelegramStore(telegramSelectors.actions);
  return (
    <Button variant="default" onClick={() => closeLogin(configName)}>
      Cancel
    </Button>
  );
}

/** A step's form: its fields, then its buttons; Enter submits. */
function StepForm({
  onSubmit,
  children,
  buttons,
}: {
  onSubmit: () => void;
  children: ReactNode;
  buttons: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {children}
        <Group justify="flex-end" gap="sm">
          {buttons}
        </Group>
      </Stack>
    </form>
  );
}

export function PhoneStep({ configName, wizard }: WizardProps) {
  const { submitPhone, startQrLogin } = useTelegramStore(telegramSelectors.actions);
  const [phone, setPhone] = useState(wizard.phone);
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const busy = wizard.pending !== null;
  return (
    <StepForm
      onSubmit={() => {
        if (!busy && phone.trim() !== '') void submitPhone(configName, phone);
      }}
      buttons={
        <>
          <Button
            variant="subtle"
            mr="auto"
            leftSection={<IconQrcode size={16} aria-hidden />}
            disabled={busy}
            loading={wizard.pending === 'qr'}
            onClick={() => void startQrLogin(configName)}
          >
            Log in with QR code
          </Button>
          <CancelButton configName={configName} />
          <Button type="submit" disabled={busy || phone.trim() === ''} loading={wizard.pending === 'phone'}>
            Send code
          </Button>
        </>
      }
    >
      <TextInput
        ref={inputRef}
        label="Phone number"
        description="With its country code; prefilled from the agent file. Telegram sends a login code."
        type="tel"
        autoComplete="off"
        value={phone}
        onChange={(event) => setPhone(event.currentTarget.value)}
        error={errorOf(wizard, 'phone')}
      />
      <StepAlert wizard={wizard} />
    </StepForm>
  );
}

export function CodeStep({ configName, wizard, step }: StepProps<'code'>) {
  const { submitCode, submitPhone, restartLogin } = useTelegramStore(telegramSelectors.actions);
  const [code, setCode] = useState('');
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const busy = wizard.pending !== null;
  return (
    <StepForm
      onSubmit={() => {
        if (!busy && code.trim() !== '') void submitCode(configName, code);
      }}
      buttons={
        <>
          <Button variant="subtle" mr="auto" disabled={busy} onClick={() => restartLogin(configName)}>
            Use another number
          </Button>
          <CancelButton configName={configName} />
          <Button type="submit" disabled={busy || code.trim() === ''} loading={wizard.pending === 'code'}>
            Log in
          </Button>
        </>
      }
    >
      <Text size="sm">{codeSentSentence(step)}</Text>
      <TextInput
        ref={inputRef}
        label="Code"
        description={step.codeLength ? `${step.codeLength} digits.` : undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        // Digits, with the spaces or dashes people type when copying a code.
        value={code}
        onChange={(event) => setCode(event.currentTarget.value.replace(/[^0-9 -]/g, ''))}
        error={errorOf(wizard, 'code') ?? errorOf(wizard, 'phone')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
      />
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          No code, or it expired?
        </Text>
        <Button
          variant="transparent"
          size="compact-xs"
          disabled={busy}
          loading={wizard.pending === 'phone'}
          onClick={() => void submitPhone(configName, wizard.phone)}
        >
          Send a new code
        </Button>
      </Group>
      <StepAlert wizard={wizard} />
    </StepForm>
  );
}

export function PasswordStep({ configName, wizard, step }: StepProps<'password'>) {
  const { submitPassword } = useTelegramStore(telegramSelectors.actions);
  const [password, setPassword] = useState('');
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const busy = wizard.pending !== null;
  return (
    <StepForm
      onSubmit={() => {
        if (!busy && password !== '') void submitPassword(configName, password);
      }}
      buttons={
        <>
          <CancelButton configName={configName} />
          <Button type="submit" disabled={busy || password === ''} loading={wizard.pending === 'password'}>
            Log in
          </Button>
        </>
      }
    >
      <Text size="sm">This account has two-step verification: enter its password.</Text>
      <PasswordInput
        ref={inputRef}
        label="Password"
        description={step.hint ? `Hint: ${step.hint}` : 'The account has no password hint.'}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={errorOf(wizard, 'password')}
      />
      <StepAlert wizard={wizard} />
    </StepForm>
  );
}

export function DoneStep({ configName, step }: StepProps<'done'>) {
  const { closeLogin } = useTelegramStore(telegramSelectors.actions);
  const { user } = step;
  const doneRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <Stack gap="lg">
      {/* The wizard's heading says "Logged in"; this says who. */}
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        <Text size="sm">
          As <strong>{userLabel(user)}</strong>
          {user.phone ? `, ${user.phone}` : ''}. Telegram ID {user.id}
          {user.premium ? ', Premium' : ''}.
        </Text>
      </Alert>
      <Group justify="flex-end">
        <Button ref={doneRef} onClick={() => closeLogin(configName)}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

export function FailedStep({ configName, step }: StepProps<'failed'>) {
  const { closeLogin, restartLogin } = useTelegramStore(telegramSelectors.actions);
  return (
    <Stack gap="lg">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title="Not logged in"
        role="alert"
      >
        {step.message}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => closeLogin(configName)}>
          Close
        </Button>
        <Button onClick={() => restartLogin(configName)}>Start again</Button>
      </Group>
    </Stack>
  );
}
