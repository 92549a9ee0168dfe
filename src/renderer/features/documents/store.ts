import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type {
  DocumentDir,
  DocumentEntry,
  DocumentPlace,
  ShippedPrompt,
} from '../../../shared/api/documents-contract';
import { ApiError } from '../../../shared/api/errors';
import { errorMessage } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';
import { samePlace } from './model';

/** The document open in the editor. */
export type OpenDocument = {
  place: DocumentPlace;
  name: string;
  status: 'loading' | 'ready' | 'error';
  /** The text as on disk at `version`: what the editor starts from and auto-saves against. */
  text: string;
  version: string;
  readOnly: boolean;
  error: string | null;
  /** Why the last save was refused because the file changed on disk; reloading clears it. */
  conflict: string | null;
  /** Counts loads, so the editor starts over on a reload. */
  loads: number;
};

export type AgentDocuments = {
  status: LoadStatus;
  configDir: string | null;
  folder: string | null;
  docs: DocumentEntry[];
  error: string | null;
};

export interface DocumentsActions {
  loadList(): Promise<void>;
  loadAgentDocs(agent: string): Promise<void>;
  open(place: DocumentPlace, name: string): Promise<void>;
  close(): void;
  /** Reads the open document from disk again, dropping what the editor had not saved. */
  reload(): Promise<void>;
  /** Writes the open document against the version it was read at; rejects with the API error. */
  save(text: string): Promise<void>;
  /** The editor holds text not yet saved: a change on disk then waits for the operator. */
  setDirty(dirty: boolean): void;
  /** Creates a document and opens it; rejects with the API error (field issues under `name`). */
  create(place: DocumentPlace, name: string, text?: string): Promise<string>;
  /** Resolves the name it has now and the agents whose role prompts were changed to it. */
  rename(
    place: DocumentPlace,
    name: string,
    newName: string,
    updateAgents: boolean,
  ): Promise<{ name: string; updatedAgents: string[] }>;
  move(place: DocumentPlace, name: string, to: DocumentPlace): Promise<void>;
  delete(place: DocumentPlace, name: string): Promise<void>;
  /** The configuration was reloaded (a file changed): the lists and the open document follow. */
  applyConfigReloaded(): void;
  resync(): void;
}

export type DocumentsState = {
  list: { status: LoadStatus; dirs: DocumentDir[]; shippedPrompts: ShippedPrompt[]; error: string | null };
  agentDocs: Record<string, AgentDocuments>;
  open: OpenDocument | null;
  actions: DocumentsActions;
};

export type DocumentsStore = StoreApi<DocumentsState>;

function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'conflict';
}

export function createDocumentsStore(client: ApiClient): DocumentsStore {
  let listRequest = 0;
  let openRequest = 0;
  let savesInFlight = 0;
  let dirty = false;

  return createStore<DocumentsState>()((set, get) => {
    const patchOpen = (place: DocumentPlace, name: string, change: Partial<OpenDocument>) =>
      set((state) =>
        state.open && samePlace(state.open.place, place) && state.open.name === name
          ? { open: { ...state.open, ...change } }
          : {},
      );

    /** The lists on screen are fetched again after a change: any of them may show the document. */
    const refreshLists = async () => {
      const loads: Promise<void>[] = [];
      if (get().list.status !== 'idle') loads.push(get().actions.loadList());
      for (const agent of Object.keys(get().agentDocs)) loads.push(get().actions.loadAgentDocs(agent));
      await Promise.all(loads);
    };

    const read = async (place: DocumentPlace, name: string) => {
      const request = ++openRequest;
      try {
        const found = await client.call('documents.read', { place, name });
        if (request !== openRequest) return;
        dirty = false;
        patchOpen(place, name, {
          status: 'ready',
          text: found.text,
          version: found.version,
          readOnly: found.readOnly,
          error: null,
          conflict: null,
          loads: (get().open?.loads ?? 0) + 1,
        });
      } catch (error) {
        if (request !== openRequest) return;
        patchOpen(place, name, { status: 'error', error: errorMessage(error) });
      }
    };

    /** After a reload: a document changed on disk is shown as it is now, unless unsaved text would be lost. */
    const followDisk = async () => {
      const open = get().open;
      if (open?.status !== 'ready' || savesInFlight > 0) return;
      try {
        const found = await client.call('documents.read', { place: open.place, name: open.name });
        const now = get().open;
        if (!now || now !== open || found.version === open.version || savesInFlight > 0) return;
        if (dirty) {
          set({
            open: {
              ...open,
              conflict: `${open.name}.md changed on disk while you were editing it; reload it to see the change.`,
            },
          });
        } else {
          set({ open: { ...open, text: found.text, version: found.version, loads: open.loads + 1 } });
        }
      } catch (error) {
        if (get().open === open) set({ open: { ...open, status: 'error', error: errorMessage(error) } });
      }
    };

    return {
      list: { status: 'idle', dirs: [], shippedPrompts: [], error: null },
      agentDocs: {},
      open: null,
      actions: {
        async loadList() {
          const request = ++listRequest;
          set((state) => ({
            list: { ...state.list, status: state.list.status === 'ready' ? 'ready' : 'loading' },
          }));
          try {
            const { dirs, shippedPrompts } = await client.call('documents.list', {});
            if (request === listRequest)
              set({ list: { status: 'ready', dirs, shippedPrompts, error: null } });
          } catch (error) {
            if (request !== listRequest) return;
            set((state) => ({
              list: {
                ...state.list,
                status: state.list.status === 'ready' ? 'ready' : 'error',
                error: errorMessage(error),
              },
            }));
          }
        },
        async loadAgentDocs(agent) {
          const before = get().agentDocs[agent];
          const keep = (change: Partial<AgentDocuments>) =>
            set((state) => ({
              agentDocs: {
                ...state.agentDocs,
                [agent]: {
                  ...(state.agentDocs[agent] ?? { configDir: null, folder: null, docs: [], error: null }),
                  status: 'loading',
                  ...change,
                },
              },
            }));
          keep({ status: before?.status === 'ready' ? 'ready' : 'loading' });
          try {
            const found = await client.call('documents.agentList', { agent });
            keep({ status: 'ready', ...found, error: null });
          } catch (error) {
            keep({ status: before?.status === 'ready' ? 'ready' : 'error', error: errorMessage(error) });
          }
        },
        async open(place, name) {
          const current = get().open;
          if (
            current &&
            samePlace(current.place, place) &&
            current.name === name &&
            current.status === 'ready'
          )
            return;
          dirty = false;
          set({
            open: {
              place,
              name,
              status: 'loading',
              text: '',
              version: '',
              readOnly: false,
              error: null,
              conflict: null,
              loads: current?.loads ?? 0,
            },
          });
          await read(place, name);
        },
        close() {
          openRequest += 1;
          dirty = false;
          set({ open: null });
        },
        async reload() {
          const open = get().open;
          if (open) await read(open.place, open.name);
        },
        async save(text) {
          const open = get().open;
          if (open?.status !== 'ready') throw new Error('No document is open.');
          savesInFlight += 1;
          try {
            const { version } = await client.call('documents.save', {
              place: open.place,
              name: open.name,
              text,
              version: get().open?.version ?? open.version,
            });
            patchOpen(open.place, open.name, { text, version, conflict: null });
          } catch (error) {
            if (isConflict(error)) patchOpen(open.place, open.name, { conflict: errorMessage(error) });
            throw error;
          } finally {
            savesInFlight -= 1;
          }
        },
        setDirty(value) {
          dirty = value;
        },
        async create(place, name, text = '') {
          const created = await client.call('documents.create', { place, name, text });
          await refreshLists();
          await get().actions.open(place, created.name);
          return created.name;
        },
        async rename(place, name, newName, updateAgents) {
          const renamed = await client.call('documents.rename', { place, name, newName, updateAgents });
          const open = get().open;
          if (open && samePlace(open.place, place) && open.name === name) {
            set({ open: { ...open, name: renamed.name } });
          }
          await refreshLists();
          return { name: renamed.name, updatedAgents: renamed.updatedAgents };
        },
        async move(place, name, to) {
          await client.call('documents.move', { place, name, to });
          const open = get().open;
          if (open && samePlace(open.place, place) && open.name === name)
            set({ open: { ...open, place: to } });
          await refreshLists();
        },
        async delete(place, name) {
          await client.call('documents.delete', { place, name });
          const open = get().open;
          if (open && samePlace(open.place, place) && open.name === name) get().actions.close();
          await refreshLists();
        },
        applyConfigReloaded() {
          void refreshLists();
          void followDisk();
        },
        resync() {
          get().actions.applyConfigReloaded();
        },
      },
    };
  });
}

export const DocumentsStoreContext = createContext<DocumentsStore | null>(null);

export function useDocumentsStore<T>(selector: (state: DocumentsState) => T): T {
  const store = useContext(DocumentsStoreContext);
  if (!store) throw new Error('useDocumentsStore needs a DocumentsStoreContext provider.');
  return useStore(store, selector);
}
