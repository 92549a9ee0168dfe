import { Modal, Title } from '@mantine/core';
import { useMemo } from 'react';
import { telegramSelectors } from '../selectors';
import { useTelegramStore, type LoginWizard as Wizard, type WizardStep } from '../store';
import { CodeStep, DoneStep, FailedStep, PasswordStep, PhoneStep } from './LoginSteps';
import { QrStep } from './QrStep';

const STEP_TITLES: Record<WizardStep['step'], string> = {
  phone: 'Phone number',
  code: 'Login code',
  password: 'Two-step password',
  qr: 'Scan the QR code',
  done: 'Logged in',
  failed: 'Login failed',
};

function StepView({ configName, wizard }: { configName: string; wizard: Wizard }) {
  const { step } = wizard;
  switch (step.step) {
    case 'phone':
      return <PhoneStep configName={configName} wizard={wizard} />;
    case 'code':
      return <CodeStep configName={configName} wizard={wizard} step={step} />;
    case 'password':
      return <PasswordStep configName={configName} wizard={wizard} step={step} />;
    case 'qr':
      return <QrStep configName={configName} wizard={wizard} step={step} />;
    case 'done':
      return <DoneStep configName={configName} wizard={wizard} step={step} />;
    case 'failed':
      return <FailedStep configName={configName} wizard={wizard} step={step} />;
    default:
      return step satisfies never;
  }
}

/**
 * Logging an agent's account in to Telegram: phone number, code, two-step password (or a QR code
 * scanned with the Telegram app), then who logged in. Open while the store holds a wizard for the
 * agent; closing it in any way cancels an unfinished login.
 */
export function LoginWizard({ configName, agentName }: { configName: string; agentName: string }) {
  const wizard = useTelegramStore(useMemo(() => telegramSelectors.login(configName), [configName]));
  const { closeLogin } = useTelegramStore(telegramSelectors.actions);
  const step = wizard?.step.step ?? 'phone';
  // The last steps have their own Done or Close button; a second one would only compete with it.
  const finished = step === 'done' || step === 'failed';
  return (
    <Modal
      opened={wizard !== null}
      onClose={() => closeLogin(configName)}
      title={`Log in to Telegram: ${agentName}`}
      size="md"
      centered
      withCloseButton={!finished}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Title order={3} fz="sm" fw={650} mb="md">
        {STEP_TITLES[step]}
      </Title>
      {/* Each step keeps its own input state; a new step starts empty. */}
      {wizard && <StepView key={step} configName={configName} wizard={wizard} />}
    </Modal>
  );
}
