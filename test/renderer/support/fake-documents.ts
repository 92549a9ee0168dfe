import { placeKey } from '../../../src/renderer/features/documents/model';
import type { ProcedureName } from '../../../src/shared/api/contract';
import type { DocumentDir, DocumentEntry, DocumentPlace } from '../../../src/shared/api/documents-contract';
import { ApiError } from '../../../src/shared/api/errors';
import { checkDocumentName, documentNameClash } from '../../../src/shared/domain/document-name';

const DOCUMENT_PROCEDURES = [
  'documents.list',
  'documents.agentList',
  'documents.read',
  'documents.create',
  'documents.save',
  'documents.rename',
  'documents.move',
  'documents.delete',
] as const;
type DocumentProcedure = (typeof DOCUMENT_PROCEDURES)[number];

export function isDocumentsProcedure(method: string): method is DocumentProcedure {
  return (DOCUMENT_PROCEDURES as readonly string[]).includes(method);
}

type Input = {
  place: DocumentPlace;
  name: string;
  text?: string;
  version?: string;
  newName?: string;
  to?: DocumentPlace;
  agent?: string;
};

/**
 * The config directories' documents in memory, refusing as the runtime does (names under their
 * field, saves against an older version, deleting a role prompt in use); `changeOnDisk` stands for
 * an edit made outside the console.
 */
export class FakeDocuments {
  readonly dirs: string[] = ['/config/mine'];
  /** Folder (a place's key) → name → text. */
  readonly folders = new Map<string, Map<string, string>>();
  /** Role prompt name → agents using it (configName, display name). */
  readonly usedBy = new Map<string, Array<{ configName: string; name: string }>>();
  #versions = new Map<string, number>();

  add(place: DocumentPlace, name: string, text: string): void {
    this.#folder(place).set(name, text);
  }

  changeOnDisk(place: DocumentPlace, name: string, text: string): void {
    this.#folder(place).set(name, text);
    this.#bump(place, name);
  }

  #folder(place: DocumentPlace): Map<string, string> {
    let folder = this.folders.get(placeKey(place));
    if (!folder) {
      folder = new Map();
      this.folders.set(placeKey(place), folder);
    }
    return folder;
  }

  #version(place: DocumentPlace, name: string): string {
    return `v${this.#versions.get(`${placeKey(place)}/${name}`) ?? 0}`;
  }

  #bump(place: DocumentPlace, name: string) {
    const key = `${placeKey(place)}/${name}`;
    this.#versions.set(key, (this.#versions.get(key) ?? 0) + 1);
  }

  #entries(place: DocumentPlace): DocumentEntry[] {
    return [...this.#folder(place).keys()].sort().map((name) => ({
      name,
      usedBy: place.kind === 'prompts' ? (this.usedBy.get(name) ?? []) : [],
      shipped: false,
      overridesShipped: false,
      sameAsShipped: false,
      shadowedBy: null,
    }));
  }

  #existing(place: DocumentPlace, name: string): string {
    const text = this.#folder(place).get(name);
    if (text === undefined) throw new ApiError('not_found', `${name}.md is no longer there.`);
    return text;
  }

  #newName(place: DocumentPlace, input: string, field: string, except: string | null): string {
    const checked = checkDocumentName(input);
    const clash = checked.ok ? documentNameClash(checked.name, this.#folder(place).keys(), except) : null;
    const message = !checked.ok
      ? checked.message
      : clash !== null
        ? `There is already a ${clash}.md here; choose another name.`
        : null;
    if (message !== null || !checked.ok)
      throw new ApiError('invalid_input', message ?? '', [{ path: field, message: message ?? '' }]);
    return checked.name;
  }

  answer(method: DocumentProcedure & ProcedureName, raw: unknown): unknown {
    const input = raw as Input;
    switch (method) {
      case 'documents.list':
        return {
          dirs: this.dirs.map(
            (configDir): DocumentDir => ({
              configDir,
              shipped: false,
              prompts: this.#entries({ kind: 'prompts', configDir }),
              docs: this.#entries({ kind: 'docs', configDir }),
            }),
          ),
          shippedPrompts: [],
        };
      case 'documents.agentList': {
        const place: DocumentPlace = { kind: 'agent', agent: input.agent! };
        return {
          configDir: this.dirs[0],
          folder: `${this.dirs[0]}/agents/${input.agent}/docs`,
          docs: this.#entries(place),
        };
      }
      case 'documents.read':
        return {
          text: this.#existing(input.place, input.name),
          version: this.#version(input.place, input.name),
          readOnly: false,
        };
      case 'documents.create': {
        const name = this.#newName(input.place, input.name, 'name', null);
        this.add(input.place, name, input.text ?? '');
        return { name, version: this.#version(input.place, name) };
      }
      case 'documents.save': {
        this.#existing(input.place, input.name);
        if (input.version !== this.#version(input.place, input.name)) {
          throw new ApiError(
            'conflict',
            `${input.name}.md changed on disk since you opened it; reload it to see the change.`,
          );
        }
        this.changeOnDisk(input.place, input.name, input.text ?? '');
        return { version: this.#version(input.place, input.name) };
      }
      case 'documents.rename': {
        const text = this.#existing(input.place, input.name);
        const name = this.#newName(input.place, input.newName ?? '', 'newName', input.name);
        this.#folder(input.place).delete(input.name);
        this.add(input.place, name, text);
        return { name, updatedAgents: [] };
      }
      case 'documents.move': {
        const text = this.#existing(input.place, input.name);
        if (this.#folder(input.to!).has(input.name))
          throw new ApiError('conflict', `The target already has a ${input.name}.md.`);
        this.#folder(input.place).delete(input.name);
        this.add(input.to!, input.name, text);
        return { moved: true };
      }
      case 'documents.delete': {
        this.#existing(input.place, input.name);
        const users = input.place.kind === 'prompts' ? (this.usedBy.get(input.name) ?? []) : [];
        if (users.length > 0) {
          throw new ApiError(
            'conflict',
            `"${input.name}" is a role prompt of ${users.map((user) => user.name).join(' and ')}.`,
          );
        }
        this.#folder(input.place).delete(input.name);
        return { deleted: true };
      }
    }
  }
}
