import type { DocumentDir, DocumentPlace, ShippedPrompt } from '../../../shared/api/documents-contract';
import { checkDocumentName, documentNameClash, joinNames } from '../../../shared/domain/document-name';

/** One key per place, for lists and the open document. */
export function placeKey(place: DocumentPlace): string {
  switch (place.kind) {
    case 'prompts':
    case 'docs':
      return `${place.kind}:${place.configDir}`;
    case 'agent':
      return `agent:${place.agent}`;
    case 'shipped':
      return 'shipped';
    default:
      return place satisfies never;
  }
}

export function samePlace(a: DocumentPlace, b: DocumentPlace): boolean {
  return placeKey(a) === placeKey(b);
}

/** The folder a place stands for, as the operator knows it. */
export function placeLabel(place: DocumentPlace): string {
  switch (place.kind) {
    case 'prompts':
      return `${place.configDir}/prompts`;
    case 'docs':
      return `${place.configDir}/docs`;
    case 'agent':
      return `${place.agent}’s documents`;
    case 'shipped':
      return 'Shipped with Troupe';
    default:
      return place satisfies never;
  }
}

/**
 * A config directory in words: its folder's name (`samples`), with as many folders before it as
 * tell it from the other directories (`alice/samples`, `bob/samples`).
 */
export function configDirName(configDir: string, configDirs: readonly string[]): string {
  const segmentsOf = (path: string) => path.split(/[/\\]+/).filter((segment) => segment !== '');
  const segments = segmentsOf(configDir);
  if (segments.length === 0) return configDir;
  const endOf = (of: string[], count: number) => of.slice(-count).join('/');
  const others = configDirs.filter((dir) => dir !== configDir).map(segmentsOf);
  let count = 1;
  while (count < segments.length && others.some((other) => endOf(other, count) === endOf(segments, count)))
    count++;
  return endOf(segments, count);
}

/**
 * A place named in words, as a picker of places offers it: "Shared documents of samples",
 * "Juniper’s documents"; `configDirs` are the directories it must be told from.
 */
export function placeTitle(place: DocumentPlace, configDirs: readonly string[]): string {
  switch (place.kind) {
    case 'prompts':
      return `Role prompts of ${configDirName(place.configDir, configDirs)}`;
    case 'docs':
      return `Shared documents of ${configDirName(place.configDir, configDirs)}`;
    case 'agent':
    case 'shipped':
      return placeLabel(place);
    default:
      return place satisfies never;
  }
}

/** The folder of a config directory's place, whole; null for a place that is not one. */
export function placePath(place: DocumentPlace): string | null {
  return place.kind === 'prompts' || place.kind === 'docs' ? placeLabel(place) : null;
}

/**
 * What is wrong with a name typed for a new or renamed document, before asking the runtime (which
 * checks again): null when it may be used. `current` is the document being renamed.
 */
export function nameProblem(
  input: string,
  taken: readonly string[],
  current: string | null = null,
): string | null {
  const checked = checkDocumentName(input);
  if (!checked.ok) return checked.message;
  const clash = documentNameClash(checked.name, taken, current);
  if (clash !== null) return `This folder already has ${clash}.md; choose another name.`;
  return null;
}

/** The names a place's folder holds, from the lists shown. */
export function namesIn(place: DocumentPlace, dirs: readonly DocumentDir[]): string[] {
  if (place.kind !== 'prompts' && place.kind !== 'docs') return [];
  const dir = dirs.find((candidate) => candidate.configDir === place.configDir);
  return dir ? dir[place.kind].map((entry) => entry.name) : [];
}

/**
 * Where a document may go: role prompts to another directory's prompts; documents to another
 * directory's shared documents, and an agent's documents to its own directory's and back.
 */
export function moveTargets(
  place: DocumentPlace,
  dirs: readonly DocumentDir[],
  agentOf: { agent: string; configDir: string } | null = null,
): DocumentPlace[] {
  if (place.kind === 'prompts') {
    return dirs
      .filter((dir) => dir.configDir !== place.configDir && !dir.shipped)
      .map((dir) => ({ kind: 'prompts', configDir: dir.configDir }));
  }
  if (place.kind === 'agent') {
    return agentOf ? [{ kind: 'docs', configDir: agentOf.configDir }] : [];
  }
  if (place.kind === 'docs') {
    return dirs
      .filter((dir) => dir.configDir !== place.configDir)
      .map((dir) => ({ kind: 'docs', configDir: dir.configDir }));
  }
  return [];
}

/**
 * What a toast says once a document was renamed, moved or deleted; the folder named in the dialog's
 * words ("Shared documents of samples", "Juniper’s documents"), told from `configDirs`.
 */
export function doneNotice(
  change:
    | { kind: 'rename'; name: string; newName: string; updatedAgents: readonly string[] }
    | { kind: 'move'; name: string; to: DocumentPlace }
    | { kind: 'delete'; name: string; place: DocumentPlace },
  configDirs: readonly string[] = [],
): string {
  switch (change.kind) {
    case 'rename':
      return change.updatedAgents.length > 0
        ? `Renamed ${change.name}.md to ${change.newName}.md, and in the role prompts of ${joinNames(change.updatedAgents)}.`
        : `Renamed ${change.name}.md to ${change.newName}.md.`;
    case 'move':
      return `Moved ${change.name}.md to ${placeTitle(change.to, configDirs)}.`;
    case 'delete':
      return `Deleted ${change.name}.md from ${placeTitle(change.place, configDirs)}.`;
    default:
      return change satisfies never;
  }
}

/** Which text of a shipped prompt agents get: the shipped one, an unchanged copy, or an override. */
export function shippedPromptState(prompt: ShippedPrompt): string {
  if (prompt.overriddenIn === null) return 'shipped text in use';
  return prompt.overrideIsCopy
    ? `an unchanged copy in ${prompt.overriddenIn} is used`
    : `overridden in ${prompt.overriddenIn}`;
}
