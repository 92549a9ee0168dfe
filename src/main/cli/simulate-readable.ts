/**
 * `troupe simulate`'s default output: the records the transcript printer makes (see
 * `simulate-transcript.ts`; `--json` prints them as they are) as lines a person reads, the chat
 * as it happens with the agent's work indented under it.
 */

type SimulateRecord = Record<string, unknown>;

const TASK_INDENT = '    ';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function message(record: SimulateRecord, agentName: string): string {
  const who = record.from === 'agent' ? `${agentName} (agent)` : text(record.from);
  const reply = typeof record.replyTo === 'number' ? ` (replying to message ${record.replyTo})` : '';
  return `[${record.index}] ${who}${reply}: ${text(record.text)}`;
}

function edit(record: SimulateRecord): string {
  const reactions = list(record.reactions);
  return `[${record.index}] now: ${text(record.text)}${reactions.length > 0 ? `  (${reactions.join(', ')})` : ''}`;
}

/** What a task does, in a few words: its text, sticker or wait, else its kind alone. */
function taskGist(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const fields = params as Record<string, unknown>;
  for (const key of ['text', 'name', 'emoji', 'intent']) {
    const value = fields[key];
    if (typeof value === 'string' && value !== '') return ` “${value}”`;
  }
  return typeof fields.delay === 'number' ? ` ${fields.delay} s` : '';
}

function task(record: SimulateRecord): string {
  const retries = typeof record.retries === 'number' && record.retries > 0 ? `, retry ${record.retries}` : '';
  const reason = text(record.error);
  // A task that went on after retrying keeps its last failure: said as what it got past.
  const error = reason === '' ? '' : record.status === 'done' ? ` (after: ${reason})` : ` — ${reason}`;
  return `${TASK_INDENT}${text(record.kind)}${taskGist(record.params)}: ${text(record.status)}${retries}${error}`;
}

function llm(record: SimulateRecord): string {
  const cost = typeof record.costUsd === 'number' ? `, $${record.costUsd.toFixed(4)}` : '';
  const tokens = `${record.inputTokens ?? '?'} in, ${record.outputTokens ?? '?'} out`;
  const error = record.error ? ` — failed: ${text(record.error)}` : '';
  return `${TASK_INDENT}LLM ${text(record.model) || text(record.provider)}: ${tokens}${cost}, ${record.latencyMs} ms${error}`;
}

function note(record: SimulateRecord): string {
  return `(${text(record.text)})`;
}

function idle(record: SimulateRecord, agentName: string): string {
  const failed = typeof record.failedTasks === 'number' && record.failedTasks > 0;
  return `${agentName} is idle: ${record.messages} message(s)${failed ? `, ${record.failedTasks} task(s) failed` : ''}.`;
}

/** One record as a line to read; `agentName` names the agent's messages. */
export function readableLine(record: SimulateRecord, agentName: string): string {
  switch (record.type) {
    case 'message':
      return message(record, agentName);
    case 'edit':
      return edit(record);
    case 'task':
      return task(record);
    case 'llm':
      return llm(record);
    case 'note':
      return note(record);
    case 'idle':
      return idle(record, agentName);
    default:
      return JSON.stringify(record);
  }
}
