import { describe, expect, it } from 'vitest';
import {
  changesOf,
  formErrors,
  formOf,
} from '../../src/renderer/features/agents/components/editor/agent-form';
import { createAgentsStore } from '../../src/renderer/features/agents/store';
import { agentConfig, FakeRuntime, runtimeState } from './support/fake-runtime';

const AGENT = 'Juniper';

describe('the agent editor’s form', () => {
  const config = agentConfig({
    configName: AGENT,
    llm: 'gemini-2.5-pro',
    typingSpeed: 9,
    dailySchedule: 'Mornings.',
  });

  it('sends only what changed, empty text as not set', () => {
    const form = formOf(config);
    expect(changesOf(config, form)).toEqual({});
    expect(
      changesOf(config, {
        ...form,
        name: 'June',
        llm: '  ',
        typingSpeed: '',
        dailySchedule: '',
        gagged: !config.gagged,
      }),
    ).toEqual({ name: 'June', llm: null, typingSpeed: null, dailySchedule: null, gagged: !config.gagged });
    expect(changesOf(config, { ...form, rolePrompts: [...config.rolePrompts, 'Night Owl'] })).toEqual({
      rolePrompts: [...config.rolePrompts, 'Night Owl'],
    });
  });

  it('puts the runtime’s field issues on their fields', () => {
    expect(formErrors({ 'changes.timezone': 'Not a zone.', 'changes.name': 'Empty.' })).toEqual({
      timezone: 'Not a zone.',
      name: 'Empty.',
    });
  });
});

describe('saving an agent', () => {
  async function setUp() {
    const runtime = new FakeRuntime();
    runtime.agents = [
      { config: agentConfig({ configName: AGENT, name: 'Juniper' }), runtime: runtimeState(AGENT) },
    ];
    const store = createAgentsStore(runtime.client);
    await store.getState().actions.openAgent(AGENT);
    return { runtime, store, detail: () => store.getState().detail!.detail! };
  }

  it('shows the agent as written, with its new file version', async () => {
    const { store, detail } = await setUp();
    const before = detail().fileVersion;
    await store.getState().actions.updateAgent(AGENT, before, { name: 'June' });
    expect(detail().config.name).toBe('June');
    expect(detail().fileVersion).not.toBe(before);
  });

  it('is refused when the file changed on disk since the page read it, and changes nothing', async () => {
    const { runtime, store, detail } = await setUp();
    const shown = detail().fileVersion;
    runtime.agentFiles.touch(AGENT);
    await expect(store.getState().actions.updateAgent(AGENT, shown, { name: 'June' })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(detail().config.name).toBe('Juniper');
  });
});
