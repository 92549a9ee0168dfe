import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  DeleteAgentForm,
  RenameAgentForm,
} from '../../src/renderer/features/agents/components/lifecycle/AgentFileForms';
import { NewAgentForm } from '../../src/renderer/features/agents/components/lifecycle/NewAgentForm';
import {
  configNameError,
  confirmsDeletion,
  isDisabled,
} from '../../src/renderer/features/agents/lifecycle-model';
import { createAgentsStore } from '../../src/renderer/features/agents/store';
import { createCostsStore } from '../../src/renderer/features/costs/store';
import { FAKE_TEMPLATE_FIELDS } from './support/fake-agent-lifecycle';
import { agentConfig, FakeRuntime, runtimeState } from './support/fake-runtime';
import { renderAgents } from './support/render-agents';
import { textOf } from './support/render-markup';

const nothing = () => {};

async function setUp({ enabled = false } = {}) {
  const runtime = new FakeRuntime();
  runtime.agents = [
    { config: agentConfig({ configName: 'Ada' }), runtime: runtimeState('Ada', { enabled }) },
    { config: agentConfig({ configName: 'Bea' }), runtime: runtimeState('Bea') },
  ];
  const store = createAgentsStore(runtime.client);
  await store.getState().actions.loadAgents();
  const listed = () => store.getState().agents.map((agent) => agent.config.configName);
  const stores = { agents: store, costs: createCostsStore(runtime.client) };
  return { runtime, store, stores, listed, actions: store.getState().actions };
}

describe('what the lifecycle forms check as the operator types', () => {
  const agents = [
    { config: agentConfig({ configName: 'Ada' }) },
    { config: agentConfig({ configName: 'Bea' }) },
  ];

  it('says what is wrong with a config name, a name another agent has in any case included', () => {
    expect(configNameError('Cyd', agents)).toBeNull();
    expect(configNameError('Cyd Two', agents)).toMatch(/letters, digits/);
    expect(configNameError('', agents)).toBe('Enter a config name.');
    expect(configNameError('bea', agents)).toBe('There is already an agent named Bea.');
    // Renaming Ada: its own name only in another case is fine, its very name is no change.
    expect(configNameError('ADA', agents, 'Ada')).toBeNull();
    expect(configNameError('Ada', agents, 'Ada')).toBe('The agent is called Ada already.');
  });

  it('lets an agent change only while disabled, by its file or by the switch', () => {
    expect(isDisabled({ disabled: false }, true)).toBe(false);
    expect(isDisabled({ disabled: true }, true)).toBe(true);
    expect(isDisabled({ disabled: false }, false)).toBe(true);
  });

  it('confirms a deletion only with DELETE and the exact config name', () => {
    expect(confirmsDeletion('DELETE Ada', 'Ada')).toBe(true);
    expect(confirmsDeletion('  DELETE Ada ', 'Ada')).toBe(true);
    for (const typed of ['', 'DELETE', 'delete Ada', 'DELETE ada', 'DELETE Bea']) {
      expect(confirmsDeletion(typed, 'Ada')).toBe(false);
    }
  });
});

describe('the lifecycle forms as drawn', () => {
  it('start a new agent from the template, in the first config directory, disabled', async () => {
    const { store, stores, runtime } = await setUp();
    const defaults = await store.getState().actions.newAgentDefaults();
    const html = renderAgents(
      stores,
      createElement(NewAgentForm, { defaults, onCreated: nothing, onCancel: nothing }),
    );
    const text = textOf(html);
    expect(text).toContain('Started from');
    expect(text).toContain('DefaultAgent.md');
    expect(html).toContain(`value="${runtime.info.configPath[0]}"`);
    expect(html).toContain(`value="${FAKE_TEMPLATE_FIELDS.name}"`);
    expect(text).toContain('A new agent starts disabled');
    expect(text).toContain('Create the agent');
  });

  it('ask for DELETE and the config name before a deletion, the button off until then', async () => {
    const { stores, runtime } = await setUp();
    const html = renderAgents(
      stores,
      createElement(DeleteAgentForm, {
        config: runtime.agents[0]!.config,
        onDone: nothing,
        onCancel: nothing,
      }),
    );
    expect(textOf(html)).toContain('Type DELETE Ada to confirm');
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Delete Ada/s);
  });

  it('offer the current config name to rename, with Rename off until it changes', async () => {
    const { stores, runtime } = await setUp();
    const html = renderAgents(
      stores,
      createElement(RenameAgentForm, {
        config: runtime.agents[0]!.config,
        onDone: nothing,
        onCancel: nothing,
      }),
    );
    expect(html).toContain('value="Ada"');
    expect(textOf(html)).toContain('Its name, Ada, stays');
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Rename</s);
  });
});

describe('creating, renaming, moving and deleting agents from the store', () => {
  it('lists a created agent at once, disabled', async () => {
    const { actions, listed, store } = await setUp();
    const name = await actions.createAgent({
      configDir: '/config/configdir',
      configName: 'Cyd',
      fields: { ...FAKE_TEMPLATE_FIELDS, name: 'Cyd', disabled: false },
    });
    expect(name).toBe('Cyd');
    expect(listed()).toEqual(['Ada', 'Bea', 'Cyd']);
    expect(store.getState().agents[2]!.config).toMatchObject({
      disabled: true,
      configDir: '/config/configdir',
    });
  });

  it('puts a taken name’s refusal on the config name field', async () => {
    const { actions } = await setUp();
    await expect(
      actions.createAgent({ configDir: '/config/samples', configName: 'ADA', fields: FAKE_TEMPLATE_FIELDS }),
    ).rejects.toMatchObject({ code: 'invalid_input', issues: [{ path: 'configName' }] });
  });

  it('renames, moves and deletes a disabled agent, and refuses while it is enabled', async () => {
    const enabled = await setUp({ enabled: true });
    await expect(enabled.actions.renameAgent('Ada', 'Ada_2')).rejects.toMatchObject({ code: 'conflict' });
    await expect(enabled.actions.deleteAgent('Ada', 'DELETE Ada')).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(enabled.listed()).toEqual(['Ada', 'Bea']);

    const { actions, listed, store } = await setUp();
    expect(await actions.renameAgent('Ada', 'Ada_2')).toBe('Ada_2');
    expect(listed()).toEqual(['Ada_2', 'Bea']);
    await actions.moveAgent('Ada_2', '/config/configdir');
    expect(store.getState().agents[0]!.config.configDir).toBe('/config/configdir');
    await expect(actions.deleteAgent('Ada_2', 'DELETE Ada')).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ path: 'confirmation', message: 'Type "DELETE Ada_2" to confirm.' }],
    });
    await actions.deleteAgent('Ada_2', 'DELETE Ada_2');
    expect(listed()).toEqual(['Bea']);
  });
});
