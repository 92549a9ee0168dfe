export interface TemplateValues {
  /** The agent's display name; when blank, the agent's Telegram id stands in. */
  agentName?: string | null;
  agentId: number | string;
  /** The conversation partner's display name; when blank, their Telegram id stands in. */
  userName?: string | null;
  userId: number | string;
}

const PLACEHOLDER = /\{\{(AGENT_NAME|character|char|user)\}\}|\{(AGENT_NAME|character|char|user)\}/g;

/**
 * Fills the placeholders persona prompts use for the two parties: `{{AGENT_NAME}}`, `{AGENT_NAME}`,
 * `{{character}}`, `{character}`, `{{char}}` and `{char}` become the agent, `{{user}}` and `{user}`
 * the partner. One pass, so a name that itself looks like a placeholder is left as written.
 */
export function substituteTemplates(text: string, values: TemplateValues): string {
  const agent = values.agentName?.trim() ? values.agentName : String(values.agentId);
  const user = values.userName?.trim() ? values.userName : String(values.userId);
  return text.replace(PLACEHOLDER, (_match, doubled?: string, single?: string) =>
    (doubled ?? single) === 'user' ? user : agent,
  );
}
