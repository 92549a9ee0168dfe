import { buildResponseSchema } from '../tasks/response-schema';
import type { PromptSection } from './section';

export interface BuiltPrompt {
  /** The system prompt: what stays the same from turn to turn, or changes now and then. */
  text: string;
  sections: PromptSection[];
  /**
   * What holds for this turn only (the current time, why it is the agent's turn). It goes into
   * the final user turn, after the history, so the system prompt and the history before it stay
   * a prefix the provider can reuse from the previous turn.
   */
  turnContext: string;
  turnSections: PromptSection[];
  /** The task kinds the reply may use (always including `think`), in the schema's order. */
  allowedKinds: string[];
  /** JSON Schema of the reply, limited to `allowedKinds`. */
  responseSchema: Record<string, unknown>;
}

/** The sections that are there: an empty one comes as null. */
export function presentSections(candidates: readonly (PromptSection | null)[]): PromptSection[] {
  return candidates.filter((section): section is PromptSection => section !== null);
}

function joined(sections: readonly PromptSection[]): string {
  return sections.map((section) => section.text).join('\n\n');
}

/** A prompt from its system sections, its turn sections and the task kinds its reply may use. */
export function assemblePrompt(
  sections: PromptSection[],
  turnSections: PromptSection[],
  allowedKinds: string[],
): BuiltPrompt {
  return {
    text: joined(sections),
    sections,
    turnContext: joined(turnSections),
    turnSections,
    allowedKinds,
    responseSchema: buildResponseSchema(allowedKinds),
  };
}
