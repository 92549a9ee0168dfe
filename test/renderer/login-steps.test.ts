import { MantineProvider } from '@mantine/core';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeStep, DoneStep, PhoneStep } from '../../src/renderer/features/telegram/components/LoginSteps';
import {
  createTelegramStore,
  type LoginWizard,
  TelegramStoreContext,
} from '../../src/renderer/features/telegram/store';
import { FakeRuntime } from './support/fake-runtime';
import { textOf } from './support/render-markup';

const AGENT = 'Ada';

/** A step drawn as the wizard draws it, with a store of its own behind it. */
function drawn(step: ReactElement): string {
  const store = createTelegramStore(new FakeRuntime().client);
  return renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(TelegramStoreContext, { value: store }, step)),
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}

function wizard(error: LoginWizard['error'], step: LoginWizard['step'] = { step: 'phone' }): LoginWizard {
  return { step, phone: '+44 7700 900123', pending: null, error };
}

describe('the login steps', () => {
  it('puts a problem with the number under the phone field', () => {
    const html = drawn(
      createElement(PhoneStep, {
        configName: AGENT,
        wizard: wizard({
          action: 'phone',
          message: 'Telegram does not accept this phone number.',
          onField: true,
        }),
      }),
    );
    expect(html).toMatch(/aria-invalid="true"/);
    expect(html).not.toContain('role="alert"');
  });

  it('shows a failure that is not about the field above the buttons, leaving the field valid', () => {
    const unreachable = 'Cannot connect to 127.0.0.1:4443 (connect ECONNREFUSED 127.0.0.1:4443).';
    const html = drawn(
      createElement(PhoneStep, {
        configName: AGENT,
        wizard: wizard({ action: 'phone', message: unreachable, onField: false }),
      }),
    );
    expect(html).not.toMatch(/aria-invalid="true"/);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain(unreachable);

    const code = drawn(
      createElement(CodeStep, {
        configName: AGENT,
        wizard: wizard(
          {
            action: 'phone',
            message: 'Telegram asks to wait 5 minutes before sending another code.',
            onField: false,
          },
          { step: 'code', phone: '+44 7700 900123', sentTo: 'app', codeLength: 5 },
        ),
        step: { step: 'code', phone: '+44 7700 900123', sentTo: 'app', codeLength: 5 },
      }),
    );
    expect(code).not.toMatch(/aria-invalid="true"/);
    expect(textOf(code)).toContain('Telegram asks to wait 5 minutes');
  });

  it('says who logged in without saying "Logged in" again under the heading that says it', () => {
    const user = { id: 100000001, name: 'Ada Byrne', username: 'ada', phone: '+15550100001', premium: false };
    const text = textOf(
      drawn(
        createElement(DoneStep, {
          configName: AGENT,
          wizard: wizard(null, { step: 'done', user }),
          step: { step: 'done', user },
        }),
      ),
    );
    expect(text).toMatch(/As Ada Byrne \(@ada\)\s*, \+15550100001\. Telegram ID 100000001\./);
    expect(text).not.toMatch(/logged in/i);
  });
});
