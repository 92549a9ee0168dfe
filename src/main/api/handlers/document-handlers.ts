import { readFile } from 'node:fs/promises';
import { ApiError } from '../../../shared/api';
import type { DocumentPlace } from '../../../shared/api/documents-contract';
import type { AgentConfig } from '../../../shared/domain/config';
import { joinNames } from '../../../shared/domain/document-name';
import {
  AgentFileConflictError,
  agentFileVersion,
  ConfigFileTooLargeError,
  type ConfigService,
  createDocument,
  DocumentConflictError,
  DocumentNotFoundError,
  deleteDocument,
  InvalidDocumentNameError,
  listDocuments,
  moveDocument,
  parseAgentMarkdown,
  readDocument,
  renameDocument,
  saveDocument,
  updateAgentFile,
} from '../../config';
import type { ApiHandlers } from '../dispatcher';
import { DocumentPlaces, plainEntry, type ResolvedPlace } from './document-places';

type DocumentProcedure =
  | 'documents.list'
  | 'documents.agentList'
  | 'documents.read'
  | 'documents.create'
  | 'documents.save'
  | 'documents.rename'
  | 'documents.move'
  | 'documents.delete';

/** The config layer's refusals, as the API's: each says what to do. */
function asApiError(error: unknown): unknown {
  if (error instanceof InvalidDocumentNameError) {
    return new ApiError('invalid_input', error.message, [{ path: error.field, message: error.message }]);
  }
  if (error instanceof DocumentNotFoundError) return new ApiError('not_found', error.message);
  if (
    error instanceof DocumentConflictError ||
    error instanceof AgentFileConflictError ||
    error instanceof ConfigFileTooLargeError
  ) {
    return new ApiError('conflict', error.message);
  }
  return error;
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asApiError(error);
  }
}

function shippedRefusal(name: string, what: string): ApiError {
  return new ApiError(
    'conflict',
    `"${name}" is a prompt shipped with Troupe and cannot be ${what}; override it in one of your config directories instead (the copy there is used in its place).`,
  );
}

/**
 * Renames a role prompt in one agent's role prompts, through the field-level agent update (every
 * other byte of the file stays). Read fresh, so a list changed on disk since the last reload is kept.
 */
async function renameInRolePrompts(agent: AgentConfig, from: string, to: string): Promise<boolean> {
  const text = await readFile(agent.file, 'utf8');
  const parsed = parseAgentMarkdown(text, {
    configName: agent.configName,
    configDir: agent.configDir,
    file: agent.file,
  });
  const rolePrompts = parsed.agent?.rolePrompts ?? agent.rolePrompts;
  if (!rolePrompts.includes(from)) return false;
  const renamed = rolePrompts.map((name) => (name === from ? to : name));
  await updateAgentFile(agent.file, { rolePrompts: renamed }, agentFileVersion(text));
  return true;
}

function sameKind(from: DocumentPlace, to: DocumentPlace): boolean {
  if (from.kind === 'prompts' || to.kind === 'prompts') return from.kind === to.kind;
  return to.kind !== 'shipped';
}

/**
 * The console's document editor: the config directories' role prompts and shared documents, the
 * agents' own documents and the shipped prompts. Changes that alter what is listed reload the
 * configuration at once, so the answer and the `config.reloaded` that follows agree; a save is
 * left to the watcher's reload, which gives turns the new text.
 */
export function createDocumentHandlers(deps: {
  config: ConfigService;
}): Pick<ApiHandlers, DocumentProcedure> {
  const places = new DocumentPlaces(deps.config);
  const changeable = async (place: DocumentPlace, name: string, what: string): Promise<ResolvedPlace> => {
    const resolved = await places.resolve(place, name);
    if (places.isShippedFile(place, resolved, name)) throw shippedRefusal(name, what);
    return resolved;
  };

  return {
    'documents.list': () => places.list(),
    'documents.agentList': async ({ agent: configName }) => {
      const agent = places.agent(configName);
      const folder = places.agentDocsFolder(agent);
      return { configDir: agent.configDir, folder, docs: (await listDocuments(folder)).map(plainEntry) };
    },
    'documents.read': ({ place, name }) =>
      guarded(async () => {
        const resolved = await places.resolve(place, name);
        const read = await readDocument(resolved.folder, name);
        return { ...read, readOnly: places.isShippedFile(place, resolved, name) };
      }),
    'documents.create': ({ place, name, text }) =>
      guarded(async () => {
        if (place.kind === 'shipped') throw shippedRefusal(name, 'added to');
        const { folder } = await places.resolve(place, name);
        const created = await createDocument(folder, name, text);
        await deps.config.reload();
        return created;
      }),
    'documents.save': ({ place, name, text, version }) =>
      guarded(async () => {
        const { folder } = await changeable(place, name, 'changed in place');
        return saveDocument(folder, name, text, version);
      }),
    'documents.rename': ({ place, name, newName, updateAgents }) =>
      guarded(async () => {
        const { folder, configDir } = await changeable(place, name, 'renamed');
        const users = place.kind === 'prompts' ? places.usersOf(configDir, name) : [];
        const renamed = await renameDocument(folder, name, newName);
        const updatedAgents: string[] = [];
        if (updateAgents && renamed !== name) {
          for (const user of users) {
            if (await renameInRolePrompts(places.agent(user.configName), name, renamed)) {
              updatedAgents.push(user.configName);
            }
          }
        }
        await deps.config.reload();
        return { name: renamed, updatedAgents };
      }),
    'documents.move': ({ place, name, to }) =>
      guarded(async () => {
        const from = await changeable(place, name, 'moved');
        if (!sameKind(place, to)) {
          throw new ApiError(
            'invalid_input',
            'Role prompts move only to another directory’s prompts, and documents only between documents folders.',
            [{ path: 'to', message: 'Pick a folder of the same kind.' }],
          );
        }
        const target = await changeable(to, name, 'replaced');
        if (target.folder === from.folder) {
          throw new ApiError('invalid_input', `${name} is already there.`, [
            { path: 'to', message: 'Pick another folder.' },
          ]);
        }
        await moveDocument(from.folder, name, target.folder);
        await deps.config.reload();
        return { moved: true as const };
      }),
    'documents.delete': ({ place, name }) =>
      guarded(async () => {
        const { folder, configDir } = await changeable(place, name, 'deleted');
        if (place.kind === 'prompts') {
          const users = places.usersOf(configDir, name).map((agent) => agent.name);
          if (users.length > 0) {
            throw new ApiError(
              'conflict',
              `"${name}" is a role prompt of ${joinNames(users)}; take it out of their role prompts first (or rename it and let them follow).`,
            );
          }
        }
        await deleteDocument(folder, name);
        await deps.config.reload();
        return { deleted: true as const };
      }),
  };
}
