import type {
  LlmProvider,
  LlmReply,
  MediaQuery,
  MediaSupport,
  StructuredQuery,
  TextQuery,
} from '../../src/main/llm/provider';
import { MODEL_TASK_KINDS } from '../../src/shared/domain/tasks';

/** Shared instructions that enable exactly these task kinds. */
export function instructionsEnabling(kinds: readonly string[]): string {
  return `<!-- SCHEMA_TASKS: ${kinds.join(', ')} -->\nReply with a JSON array of tasks.`;
}

/** Every task kind the model may write but send_media, whose tests enable it (MEDIA_INSTRUCTIONS). */
export const ALL_KINDS_INSTRUCTIONS = instructionsEnabling(
  MODEL_TASK_KINDS.filter((kind) => kind !== 'send_media'),
);

/** Every task kind the model may write. */
export const MEDIA_INSTRUCTIONS = instructionsEnabling(MODEL_TASK_KINDS);

/** A call of memory work, known by the shipped prompt it starts with. */
export function isMemoryWork(query: TextQuery): boolean {
  return /^(<!--[^>]*-->\s*)?# (Writing Summaries|Keeping Facts|Remembering A Conversation|Nightly Reflection)/.test(
    query.systemPrompt,
  );
}

type Step = { kind: 'reply'; text: string } | { kind: 'fail'; error: Error } | { kind: 'hang' };

/** An in-process LlmProvider with scripted answers; a `think` when nothing is scripted. */
export class ScriptedLlm implements LlmProvider {
  readonly id = 'gemini' as const;
  readonly queries: StructuredQuery[] = [];
  readonly textQueries: TextQuery[] = [];
  readonly mediaQueries: MediaQuery[] = [];
  readonly #script: Step[] = [];
  readonly #hanging: (() => void)[] = [];
  readonly #routed: { matches: (query: TextQuery) => boolean; text: string }[] = [];

  /** The conversation turns asked for, without memory work beside them (summaries, fact reading). */
  get turnQueries(): StructuredQuery[] {
    return this.queries.filter((query) => !isMemoryWork(query));
  }

  /** The next call answers with these tasks (or this raw text). */
  reply(tasks: Record<string, unknown>[] | string): void {
    this.#script.push({ kind: 'reply', text: typeof tasks === 'string' ? tasks : JSON.stringify(tasks) });
  }

  /** The next call whose query `matches` answers with these tasks, whatever the script holds. */
  replyWhen(matches: (query: TextQuery) => boolean, tasks: Record<string, unknown>[] | string): void {
    this.#routed.push({ matches, text: typeof tasks === 'string' ? tasks : JSON.stringify(tasks) });
  }

  fail(error: Error): void {
    this.#script.push({ kind: 'fail', error });
  }

  /** The next call never answers until aborted. */
  hang(): void {
    this.#script.push({ kind: 'hang' });
  }

  /** Gemini's media types: every describe call is accepted and recorded. */
  mediaSupport(): MediaSupport {
    return {
      image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
      video: ['video/mp4', 'video/webm'],
      audio: ['audio/ogg', 'audio/mpeg', 'audio/mp4'],
    };
  }

  /** Describes every file as "a file of <n> bytes", so tests can tell which bytes were shown. */
  async describeMedia(query: MediaQuery): Promise<LlmReply> {
    this.mediaQueries.push(query);
    const bytes = query.items.reduce((sum, item) => sum + item.data.byteLength, 0);
    return {
      text: `a file of ${bytes} bytes`,
      model: query.model,
      usage: { inputTokens: 300, outputTokens: 20, cachedTokens: 0, thinkingTokens: 0 },
      latencyMs: 5,
    };
  }

  async queryStructured(query: StructuredQuery): Promise<LlmReply> {
    this.queries.push(query);
    return this.#answer(query);
  }

  /** Plain-text calls (consolidating summaries) take their answers from the same script. */
  async queryText(query: TextQuery): Promise<LlmReply> {
    this.textQueries.push(query);
    return this.#answer(query);
  }

  async #answer(query: TextQuery): Promise<LlmReply> {
    const routed = this.#routed.findIndex((route) => route.matches(query));
    if (routed >= 0) {
      const [route] = this.#routed.splice(routed, 1);
      this.#script.unshift({ kind: 'reply', text: route!.text });
    }
    const step = this.#script.shift() ?? { kind: 'reply', text: '[{"kind":"think","text":"nothing"}]' };
    switch (step.kind) {
      case 'reply':
        return {
          text: step.text,
          model: query.model,
          usage: { inputTokens: 100, outputTokens: 10, cachedTokens: 0, thinkingTokens: 0 },
          latencyMs: 5,
        };
      case 'fail':
        throw step.error;
      case 'hang':
        return new Promise((_resolve, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (query.signal?.aborted) abort();
          query.signal?.addEventListener('abort', abort);
          this.#hanging.push(abort);
        });
      default:
        throw new Error('unknown step');
    }
  }
}
