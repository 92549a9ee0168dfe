import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyShippedConfig } from '../../test/support/serve-process';
import { DEMO_AGENT } from './personas';

/**
 * The demo's throwaway world: a temporary folder with a state directory and copies of the
 * shipped samples and prompts, where the demo agent is switched on and types quickly. Nothing of
 * the operator's own state or configuration is read or touched.
 */

export interface DemoWorkspace {
  readonly root: string;
  readonly stateDir: string;
  readonly configPath: string;
  /** Where `troupe serve` writes its log. */
  readonly logFile: string;
  remove(): void;
}

/** The provider the demo agent thinks with: a real one when its key is in the environment. */
export type DemoModel = 'scripted' | 'gemini' | 'openai';

export function createDemoWorkspace(model: DemoModel): DemoWorkspace {
  const root = mkdtempSync(join(tmpdir(), 'troupe-demo-'));
  const { samplesDir, configPath } = copyShippedConfig(root);
  const agentFile = join(samplesDir, 'agents', `${DEMO_AGENT.configName}.md`);
  writeFileSync(agentFile, demoAgentFile(readFileSync(agentFile, 'utf8'), model));
  return {
    root,
    stateDir: join(root, 'state'),
    configPath,
    logFile: join(root, 'serve.log'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The sample agent, live (its file ships disabled) and typing fast enough to watch. */
export function demoAgentFile(text: string, model: DemoModel): string {
  const live = text
    .replace(/\n# Disabled\n/, '\n')
    .replace(/# Start Typing Delay\n\n\d+/, '# Start Typing Delay\n\n1')
    .replace(/# Typing Speed\n\n\d+/, '# Typing Speed\n\n30');
  return model === 'openai' ? `${live.trimEnd()}\n\n# LLM\n\nopenai\n` : live;
}
