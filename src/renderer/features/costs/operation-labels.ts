/**
 * What the cost ledger's operations are called for the operator. The runtime records each LLM
 * call under an internal name (src/main: the turn, memory work, translation, the daily schedule,
 * media descriptions); a name not listed here shows as recorded.
 */
const OPERATION_LABELS: Record<string, string> = {
  received: 'Replies',
  event: 'Scheduled events',
  xsend: 'Cross-chat requests',
  extract: 'Fact extraction',
  summarize: 'Summaries',
  session_summary: 'Session summaries',
  reflect: 'Reflection',
  translate: 'Translations',
  schedule: 'Schedule planning',
  describe_image: 'Image descriptions',
  describe_video: 'Video descriptions',
  describe_audio: 'Audio descriptions',
};

export function operationLabel(operation: string): string {
  return Object.hasOwn(OPERATION_LABELS, operation) ? OPERATION_LABELS[operation]! : operation;
}
