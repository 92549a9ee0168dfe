import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSimulate } from '../../../src/main/cli/simulate';
import { startEngineRuntime } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const FIXTURES = join(REPO_ROOT, 'test/fixtures/media');

describe('troupe simulate', () => {
  let root: string;
  let llm: FakeLlmServer;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-simulate-'));
    llm = await startFakeLlmServer();
    // Prepares the state (API key, settings) and the config directory the command will use.
    const runtime = await startEngineRuntime({ root, geminiBaseUrl: llm.geminiBaseUrl });
    await runtime.close();
  });

  afterEach(async () => {
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Runs the command; `appRoot` is where the shipped prompts (media descriptions) are found. */
  async function run(script: unknown, extra: string[], appRoot = root) {
    const scriptFile = join(root, 'script.json');
    writeFileSync(scriptFile, typeof script === 'string' ? script : JSON.stringify(script));
    let stdout = '';
    let stderr = '';
    const code = await runSimulate(
      [
        '--agent',
        'Ada',
        '--script',
        scriptFile,
        '--state',
        join(root, 'state'),
        '--config-path',
        join(root, 'config'),
        ...extra,
      ],
      {
        stdout: (text) => {
          stdout += text;
        },
        stderr: (text) => {
          stderr += text;
        },
        env: { GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl, TROUPE_LOG_LEVEL: 'silent' },
        cwd: root,
        appRoot,
      },
    );
    return { code, stdout, stderr };
  }

  /** Runs the command with `--json`, its output read back as records. */
  async function simulate(script: unknown, extra: string[] = [], appRoot = root) {
    const { code, stdout, stderr } = await run(script, ['--json', ...extra], appRoot);
    const lines = stdout
      .trim()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { code, lines, stderr };
  }

  it('plays the script through the engine and prints the transcript and the tasks as JSON lines', async () => {
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Hi Pat, lovely to hear from you.' }] });
    llm.replyWith({ tasks: [{ kind: 'think', text: 'A thumbs up needs no answer.' }] });
    const { code, lines, stderr } = await simulate(
      { people: ['Pat'], steps: [{ say: 'Hello Ada!' }, { wait: 0.5 }, { react: '👍', to: -1 }] },
      ['--fast'],
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const messages = lines.filter((line) => line.type === 'message');
    expect(messages.map((line) => [line.index, line.from, line.text])).toEqual([
      [0, 'Pat', 'Hello Ada!'],
      [1, 'agent', 'Hi Pat, lovely to hear from you.'],
    ]);
    const tasks = lines.filter((line) => line.type === 'task');
    expect(tasks.filter((line) => line.kind === 'send').map((line) => line.status)).toEqual(
      expect.arrayContaining(['pending', 'active', 'done']),
    );
    expect(lines.filter((line) => line.type === 'llm')).toHaveLength(2);
    expect(lines.at(-1)).toMatchObject({ type: 'idle', messages: 2, failedTasks: 0 });
  });

  it('prints a readable transcript by default, waits for the reply when told, and plays again as a new chat', async () => {
    const script = {
      people: [{ firstName: 'Kim', username: 'kim_reads' }],
      steps: [{ say: 'Any Christie this week?' }, { wait: 'reply' }, { react: '👍', to: -1 }],
    };
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Two of them, yes!' }] });
    llm.replyWith({ tasks: [{ kind: 'think', text: 'A thumbs up needs no answer.' }] });
    const first = await run(script, ['--fast']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines[0]).toBe('[0] Kim: Any Christie this week?');
    expect(lines).toContain('[1] Ada (agent): Two of them, yes!');
    expect(lines).toContain('    send “Two of them, yes!”: done');
    // The reaction waited for the reply, so it is on the agent's message, not Kim's own.
    expect(lines).toContain('[1] now: Two of them, yes!  (Kim: 👍)');
    expect(lines.at(-1)).toBe('Ada is idle: 2 message(s).');

    llm.replyWith({ tasks: [{ kind: 'send', text: 'Hello again!' }] });
    llm.replyWith({ tasks: [{ kind: 'think', text: 'Nothing to add.' }] });
    const again = await simulate(script, ['--fast']);
    expect(again.code).toBe(0);
    expect(again.lines[0]).toEqual({
      type: 'note',
      text: "@kim_reads is taken by an earlier run; this run's Kim is @kim_reads_2",
    });
    expect(again.lines.filter((line) => line.type === 'message').map((line) => line.index)).toEqual([0, 1]);
  });

  it('names the step of an invalid script and exits 2, as for bad input', async () => {
    const { code, stderr } = await simulate({ steps: [{ say: 'hi' }, { shout: 'HI' }] });
    expect(code).toBe(2);
    expect(stderr).toContain('step 1');
    const missingPerson = await simulate({ people: ['Pat'], steps: [{ say: 'hi', as: 'Kim' }] });
    expect(missingPerson.code).toBe(2);
    expect(missingPerson.stderr).toContain('step 0: nobody in "people" is called "Kim"');
  });

  it('exits non-zero with a clear message when a task fails', async () => {
    llm.failWith({ status: 401 });
    const { code, lines, stderr } = await simulate({ steps: [{ say: 'hello' }] }, ['--fast']);
    expect(code).toBe(1);
    expect(lines.find((line) => line.type === 'task' && line.status === 'failed')).toMatchObject({
      kind: 'received',
    });
    expect(stderr).toContain('1 task(s) failed');
  });

  it('refuses an unknown agent', async () => {
    const scriptFile = join(root, 'script.json');
    writeFileSync(scriptFile, JSON.stringify({ steps: [{ say: 'hi' }] }));
    let stderr = '';
    const code = await runSimulate(
      [
        '--agent',
        'Nobody',
        '--script',
        scriptFile,
        '--state',
        join(root, 'state'),
        '--config-path',
        join(root, 'config'),
      ],
      { stdout: () => {}, stderr: (text) => (stderr += text), env: {}, cwd: root, appRoot: root },
    );
    expect(code).toBe(2);
    expect(stderr).toContain(`There is no agent "Nobody" in ${join(root, 'config')} (agents: `);
  });

  it('sends the files of media steps, read from paths relative to the script, and the agent sees them described', async () => {
    mkdirSync(join(root, 'files'));
    copyFileSync(join(FIXTURES, 'photo.jpg'), join(root, 'files', 'beach.jpg'));
    copyFileSync(join(FIXTURES, 'voice.ogg'), join(root, 'files', 'note.ogg'));
    llm.media.replyWith('a test pattern of coloured bars');
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Nice colours!' }] });
    const { code, lines, stderr } = await simulate(
      { steps: [{ photo: 'files/beach.jpg', caption: 'guess where I am' }] },
      ['--fast'],
      REPO_ROOT,
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(lines.filter((line) => line.type === 'message').map((line) => [line.from, line.text])).toEqual([
      ['Pat', 'guess where I am[photo]'],
      ['agent', 'Nice colours!'],
    ]);
    const turn = llm.requests.find((request) => request.media.length === 0)!;
    expect(JSON.stringify(turn.body)).toContain(
      '⟦media⟧ ‹a photo that shows a test pattern of coloured bars›',
    );
    expect(llm.mediaRequests.map((request) => request.media[0]!.mimeType)).toEqual(['image/jpeg']);

    // A voice note replying to the agent's message.
    llm.media.replyWith('someone humming');
    llm.replyWith({ tasks: [{ kind: 'think', text: 'Humming.' }] });
    const voice = await simulate(
      { steps: [{ say: 'hi' }, { voice: 'files/note.ogg', replyTo: 0 }] },
      ['--fast'],
      REPO_ROOT,
    );
    expect(voice.code).toBe(0);
    expect(voice.lines.find((line) => line.text === '[audio]')).toMatchObject({ from: 'Pat', index: 1 });
  });

  it('stops before playing when a media step names a missing file, and names what the API refused', async () => {
    const missing = await simulate({ steps: [{ say: 'hi' }, { document: 'menu.pdf' }] }, ['--fast']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      `step 1: the document ${join(root, 'menu.pdf')} cannot be sent: there is no such file.`,
    );
    expect(missing.lines).toEqual([]);
    expect(llm.requests).toHaveLength(0);

    copyFileSync(join(FIXTURES, 'archive.zip'), join(root, 'beach.jpg'));
    const refused = await simulate({ steps: [{ photo: 'beach.jpg' }] }, ['--fast']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'step 0: simulator.sendFile failed: "beach.jpg" is a document (application/zip), not an image: send it as a document.',
    );
  });
});
