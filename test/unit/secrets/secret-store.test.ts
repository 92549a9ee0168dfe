import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { createKeyFileCipher, SecretDecryptError, SecretStore } from '../../../src/main/secrets';
import { DATABASE_FILE_NAME, openStore, type Store } from '../../../src/main/store';
import { SECRET_NAMES, type SecretName } from '../../../src/shared/domain/secrets';

const PLAIN = 'sk-live-4f9c2e71-plaintext-must-never-hit-disk';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function setup(options: { stateDir?: string; env?: NodeJS.ProcessEnv; secretEnv?: NodeJS.ProcessEnv } = {}) {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'troupe-secret-store-'));
  if (!options.stateDir) cleanups.push(() => rmSync(stateDir, { recursive: true, force: true }));
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => lines.push(line) } });
  const store: Store = openStore({ file: join(stateDir, DATABASE_FILE_NAME), logger });
  let open = true;
  const close = () => {
    if (open) store.close();
    open = false;
  };
  cleanups.push(close);
  const cipher = createKeyFileCipher({ stateDir, env: options.env ?? {}, logger });
  const secrets = new SecretStore({ repository: store.secrets, cipher, logger, env: options.secretEnv });
  return { stateDir, secrets, close, logLines: lines };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

function filesContaining(dir: string, needle: string): string[] {
  const variants = [
    Buffer.from(needle, 'utf8'),
    Buffer.from(needle, 'utf16le'),
    Buffer.from(Buffer.from(needle, 'utf8').toString('base64')),
  ];
  return filesUnder(dir).filter((file) => {
    const bytes = readFileSync(file);
    return variants.some((variant) => bytes.includes(variant));
  });
}

describe('SecretStore', () => {
  it('reveals what was set, trimmed', () => {
    const { secrets } = setup();
    secrets.set('openai.apiKey', `  ${PLAIN}\n`);
    expect(secrets.reveal('openai.apiKey')).toBe(PLAIN);
    expect(secrets.reveal('gemini.apiKey')).toBeNull();
  });

  it('reports a status for every known secret', () => {
    const { secrets } = setup();
    const returned = secrets.set('telegram.apiHash', PLAIN);
    expect(returned).toEqual({
      name: 'telegram.apiHash',
      isSet: true,
      updatedAt: expect.any(String),
      environmentVariable: null,
    });
    const statuses = secrets.status();
    expect(statuses.map((status) => status.name)).toEqual([...SECRET_NAMES]);
    expect(statuses.filter((status) => status.isSet)).toEqual([returned]);
  });

  it('clears a secret, and refuses a blank value instead of taking it as a clear', () => {
    const { secrets } = setup();
    secrets.set('xai.apiKey', PLAIN);
    expect(secrets.clear('xai.apiKey')).toMatchObject({ name: 'xai.apiKey', isSet: false, updatedAt: null });
    expect(secrets.reveal('xai.apiKey')).toBeNull();

    secrets.set('xai.apiKey', PLAIN);
    expect(() => secrets.set('xai.apiKey', '   ')).toThrow(
      'xAI (Grok) API key: Enter a value, or use Clear.',
    );
    expect(secrets.reveal('xai.apiKey')).toBe(PLAIN);
  });

  it('refuses a Telegram API id that is not a number, keeping the saved one', () => {
    const { secrets } = setup();
    secrets.set('telegram.apiId', ' 12345 ');
    expect(() => secrets.set('telegram.apiId', 'abc')).toThrow('The API id is a number');
    expect(secrets.reveal('telegram.apiId')).toBe('12345');
  });

  it('takes a secret from its environment variable before the saved value, and says so in its status', () => {
    const { secrets } = setup({
      secretEnv: { GEMINI_API_KEY: '  from-the-environment \n', XAI_API_KEY: ' ' },
    });
    secrets.set('gemini.apiKey', PLAIN);
    secrets.set('xai.apiKey', PLAIN);
    expect(secrets.reveal('gemini.apiKey')).toBe('from-the-environment');
    // A variable set to blanks supplies nothing.
    expect(secrets.reveal('xai.apiKey')).toBe(PLAIN);
    expect(secrets.reveal('openai.apiKey')).toBeNull();
    const byName = new Map(secrets.status().map((status) => [status.name, status]));
    expect(byName.get('gemini.apiKey')).toMatchObject({ isSet: true, environmentVariable: 'GEMINI_API_KEY' });
    expect(byName.get('xai.apiKey')).toMatchObject({ isSet: true, environmentVariable: null });
    // Clearing the saved value leaves the environment's in effect.
    expect(secrets.clear('gemini.apiKey')).toMatchObject({
      isSet: false,
      environmentVariable: 'GEMINI_API_KEY',
    });
    expect(secrets.reveal('gemini.apiKey')).toBe('from-the-environment');
  });

  it('rejects a name it does not know, without echoing the value', () => {
    const { secrets } = setup();
    expect(() => secrets.set('aws.secretKey' as never, PLAIN)).toThrow(/Unknown secret "aws.secretKey"/);
    expect(() => secrets.set('aws.secretKey' as never, PLAIN)).not.toThrow(PLAIN);
    expect(() => secrets.reveal('aws.secretKey' as never)).toThrow(RangeError);
    expect(() => secrets.set('openai.apiKey', 42 as never)).toThrow(TypeError);
  });

  it('tells listeners about every change, until they unsubscribe', () => {
    const { secrets } = setup();
    const heard: string[] = [];
    const unsubscribe = secrets.onChange((name) => heard.push(name));
    secrets.set('openai.apiKey', PLAIN);
    secrets.clear('openai.apiKey');
    secrets.clear('openai.apiKey');
    expect(() => secrets.set('gemini.apiKey', '')).toThrow(TypeError);
    unsubscribe();
    secrets.set('gemini.apiKey', PLAIN);
    expect(heard).toEqual(['openai.apiKey', 'openai.apiKey']);
  });

  it('keeps a change and the other listeners when one listener throws', () => {
    const { secrets, logLines } = setup();
    const heard: string[] = [];
    secrets.onChange(() => {
      throw new Error('listener broke');
    });
    secrets.onChange((name) => heard.push(name));
    expect(secrets.set('openai.apiKey', PLAIN).isSet).toBe(true);
    expect(heard).toEqual(['openai.apiKey']);
    expect(logLines.join('')).toContain('listener broke');
  });

  it('never writes the plaintext to any file in the state directory, nor to the log', () => {
    const { stateDir, secrets, close, logLines } = setup();
    // The API id is a number; every other secret takes the text.
    const plainOf = (name: SecretName) => (name === 'telegram.apiId' ? '90210' : `${PLAIN}:${name}`);
    for (const name of SECRET_NAMES) secrets.set(name, plainOf(name));
    expect(filesContaining(stateDir, PLAIN)).toEqual([]);
    expect(filesUnder(stateDir).some((file) => file.endsWith('-wal'))).toBe(true);

    close();
    expect(filesUnder(stateDir).length).toBeGreaterThanOrEqual(2);
    expect(filesContaining(stateDir, PLAIN)).toEqual([]);
    expect(logLines.join('')).not.toContain(PLAIN);
  });

  it('reveals after a restart with the same key', () => {
    const first = setup();
    first.secrets.set('openrouter.apiKey', PLAIN);
    first.close();
    const second = setup({ stateDir: first.stateDir });
    expect(second.secrets.reveal('openrouter.apiKey')).toBe(PLAIN);
  });

  it('names the secret to set again when the key changed', () => {
    const first = setup();
    first.secrets.set('openrouter.apiKey', PLAIN);
    first.close();
    const second = setup({ stateDir: first.stateDir, env: { TROUPE_SECRET_KEY: 'a different passphrase' } });
    expect(() => second.secrets.reveal('openrouter.apiKey')).toThrow(SecretDecryptError);
    expect(() => second.secrets.reveal('openrouter.apiKey')).toThrow(
      /"openrouter.apiKey".*set the secret again/,
    );
    expect(second.secrets.status().find((status) => status.name === 'openrouter.apiKey')?.isSet).toBe(true);

    second.secrets.set('openrouter.apiKey', 'replacement');
    expect(second.secrets.reveal('openrouter.apiKey')).toBe('replacement');
  });
});
