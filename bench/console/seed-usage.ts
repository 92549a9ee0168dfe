import { join } from 'node:path';
import { recordLlmUsage } from '../../src/main/llm';
import { createLogger } from '../../src/main/logging';
import { DATABASE_FILE_NAME, openStore } from '../../src/main/store';

export type UsageSeedOptions = {
  stateDir: string;
  /** Ledger rows to write, spread evenly over `days` up to now. */
  rows: number;
  days: number;
  agents: readonly string[];
  /** Conversations per agent (Simulator channel ids 1..n). */
  chatsPerAgent: number;
};

const OPERATIONS = ['received', 'received', 'received', 'summarize', 'extract', 'describe_image'] as const;
const MODELS = [
  { provider: 'gemini', model: 'gemini-2.5-flash', usdPerCall: 0.0009 },
  { provider: 'openai', model: 'gpt-5-mini', usdPerCall: 0.0021 },
  { provider: 'openrouter', model: 'unpriced/model-x', usdPerCall: null },
] as const;

/**
 * Writes a cost ledger of `rows` calls into a fresh state database in one transaction, through
 * `recordLlmUsage` as the runtime writes it, with other task-log rows between them as a busy
 * runtime has: what the costs page and `usage.summary` read.
 */
export function seedUsageLedger({ stateDir, rows, days, agents, chatsPerAgent }: UsageSeedOptions): void {
  // The store's clock stamps each row: it is moved along the window as the rows are written.
  let now = new Date();
  const store = openStore({
    file: join(stateDir, DATABASE_FILE_NAME),
    logger: createLogger({ level: 'silent' }),
    now: () => now,
  });
  try {
    const end = Date.now();
    const step = (days * 86_400_000) / rows;
    store.transaction(() => {
      for (let index = 0; index < rows; index += 1) {
        now = new Date(end - (rows - index) * step);
        const agent = agents[index % agents.length]!;
        const priced = MODELS[index % MODELS.length]!;
        const operation = OPERATIONS[index % OPERATIONS.length]!;
        const inConversation = operation !== 'describe_image';
        recordLlmUsage(store, {
          agent,
          channelId: inConversation ? 1 + (index % chatsPerAgent) : null,
          network: inConversation ? 'simulator' : null,
          operation,
          provider: priced.provider,
          model: priced.model,
          usage: {
            inputTokens: 1500 + (index % 700),
            outputTokens: 120 + (index % 90),
            cachedTokens: 400,
            thinkingTokens: 0,
          },
          latencyMs: 400 + (index % 300),
          costUsd: priced.usdPerCall,
        });
        // Ledger rows sit between the task log's other rows, as they do at run time.
        store.taskLog.append({ agentConfigName: agent, actionKind: 'send', channelId: 1 });
      }
    });
  } finally {
    store.close();
  }
}
