import type { Draft } from './model';

/** What the operator is doing to one draft: rewriting its text, or saying why it is rejected. */
export type DraftEdit = {
  mode: 'edit' | 'reject';
  /** The message as the operator has it (edit mode). */
  text: string;
  /** What the agent should do instead (reject mode). */
  instruction: string;
  /** The draft's text when the operator took it up: when the draft says otherwise, the agent changed it. */
  base: string;
  /** Approving or rejecting it: the draft then goes away by the operator's doing. */
  submitting: boolean;
};

/**
 * What the operator typed into a draft that went away (the agent replanned) before a new draft
 * took its place: shown apart, and taken up by the next draft that comes.
 */
export type LostEdit = { id: string; edit: DraftEdit };

/** The words a kept edit holds: the rewritten message, or the instruction for the agent. */
export function lostText(lost: LostEdit): string {
  return lost.edit.mode === 'edit' ? lost.edit.text : lost.edit.instruction;
}

export type DraftEdits = { byTask: Readonly<Record<string, DraftEdit>>; lost: readonly LostEdit[] };

export const NO_DRAFT_EDITS: DraftEdits = { byTask: {}, lost: [] };

/** Editing (or rejecting) a draft starts from what it says now. */
export function startEdit(draft: Draft, mode: DraftEdit['mode']): DraftEdit {
  return { mode, text: draft.content, instruction: '', base: draft.content, submitting: false };
}

/** Whether the operator typed something that would be lost with the draft. */
function typedSomething(edit: DraftEdit): boolean {
  return edit.mode === 'edit' ? edit.text !== edit.base : edit.instruction.trim() !== '';
}

/** The agent changed the draft while the operator was at it: the card says so. */
export function changedUnderneath(edit: DraftEdit, draft: Draft): boolean {
  return edit.base !== draft.content;
}

/** Why the edited text cannot be approved, or null when it can. */
export function editProblem(edit: DraftEdit): string | null {
  return edit.text.trim() === '' ? 'Write the message to approve it, or Cancel to keep the draft.' : null;
}

export function withEdit(edits: DraftEdits, taskId: string, edit: DraftEdit | null): DraftEdits {
  const byTask = { ...edits.byTask };
  if (edit === null) delete byTask[taskId];
  else byTask[taskId] = edit;
  return { ...edits, byTask };
}

export function dismissLost(edits: DraftEdits, id: string): DraftEdits {
  return { ...edits, lost: edits.lost.filter((lost) => lost.id !== id) };
}

let lostIds = 0;

/**
 * The edits after the drafts changed from `previous` to `current`. An edit whose draft is still
 * there stays (a changed text shows as changed underneath). One whose draft went away while the
 * operator was not approving or rejecting it (the agent replanned), with something typed, is kept
 * aside; a draft that comes new takes it up (a text for a rewrite), where the card tells the
 * operator the draft changed. The replan may withdraw the old draft before the new one comes, so
 * a kept edit waits for it, shown to the operator meanwhile, rather than being dropped.
 */
export function followDrafts(
  edits: DraftEdits,
  previous: readonly Draft[],
  current: readonly Draft[],
): DraftEdits {
  const currentIds = new Set(current.map((draft) => draft.taskId));
  const previousIds = new Set(previous.map((draft) => draft.taskId));
  const byTask: Record<string, DraftEdit> = {};
  const lost = [...edits.lost];
  let changed = false;
  for (const [taskId, edit] of Object.entries(edits.byTask)) {
    if (currentIds.has(taskId)) {
      byTask[taskId] = edit;
      continue;
    }
    changed = true;
    if (!edit.submitting && typedSomething(edit)) lost.push({ id: `lost-${++lostIds}`, edit });
  }
  for (const draft of current) {
    if (previousIds.has(draft.taskId) || draft.taskId in byTask) continue;
    const index = lost.findIndex((kept) => kept.edit.mode === 'reject' || draft.editable);
    if (index < 0) continue;
    byTask[draft.taskId] = lost[index]!.edit;
    lost.splice(index, 1);
    changed = true;
  }
  return changed ? { byTask, lost } : edits;
}

/** What a toast says once a draft was rejected: that nothing went, and whether the agent was told. */
export function rejectedNotice(
  agentName: string,
  instruction: string,
  started: boolean,
): { title: string; message: string } {
  const title = 'Draft rejected';
  if (instruction.trim() === '') return { title, message: 'Nothing was sent.' };
  return {
    title,
    message: started
      ? `Nothing was sent; ${agentName} was told what to do instead and is thinking again.`
      : `Nothing was sent; ${agentName} was told what to do instead, for the turn it already had coming.`,
  };
}
