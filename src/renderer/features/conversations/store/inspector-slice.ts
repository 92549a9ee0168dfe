import { errorMessage } from '../../../api/errors';
import { type ChatRef, chatKey } from '../model';
import { nextGraphParts } from './plan-slice';
import type { SliceContext } from './slice-context';
import type { ChatView, InspectorActions } from './types';

/** The inspector's parts of a chat view, each fetched on its own. */
type InspectorPart = 'graph' | 'exchange' | 'parameters';
type ValueOf<P extends InspectorPart> = ChatView[P]['value'];

export type InspectorSlice = {
  actions: InspectorActions;
  /** A live event set this part: an answer to a request made before it must not undo it. */
  markLive(ref: ChatRef, part: InspectorPart): void;
};

export function createInspectorSlice(ctx: SliceContext): InspectorSlice {
  const { api, patchChat } = ctx;
  // Per chat and part: the latest request (only its answer applies) and the live-event version.
  const counters = new Map<string, Record<InspectorPart, { request: number; version: number }>>();
  const counterOf = (ref: ChatRef, part: InspectorPart) => {
    const key = chatKey(ref);
    let entry = counters.get(key);
    if (!entry) {
      entry = {
        graph: { request: 0, version: 0 },
        exchange: { request: 0, version: 0 },
        parameters: { request: 0, version: 0 },
      };
      counters.set(key, entry);
    }
    return entry[part];
  };

  const patchPart = <P extends InspectorPart>(
    ref: ChatRef,
    part: P,
    update: (current: ChatView[P], view: ChatView) => ChatView[P],
    extra?: (view: ChatView) => Partial<ChatView>,
  ) => patchChat(ref, (view) => ({ ...extra?.(view), [part]: update(view[part], view) }));

  /**
   * Fetches one part: keeps what is shown while a refresh runs, applies only the latest answer,
   * and leaves a value set by a live event since the request alone.
   */
  const loadLatest = async <P extends InspectorPart>(
    ref: ChatRef,
    part: P,
    fetch: () => Promise<ValueOf<P>>,
    alsoOnValue?: (view: ChatView, value: ValueOf<P>) => Partial<ChatView>,
  ) => {
    const counter = counterOf(ref, part);
    const request = ++counter.request;
    const version = counter.version;
    patchPart(ref, part, (current) =>
      current.status === 'ready' ? current : { ...current, status: 'loading', error: null },
    );
    try {
      const value = await fetch();
      if (request !== counter.request) return;
      if (version !== counter.version) {
        patchPart(ref, part, (current) => ({ ...current, status: 'ready' }));
        return;
      }
      patchPart(
        ref,
        part,
        (current) => ({ ...current, status: 'ready', value, error: null }),
        alsoOnValue && ((view) => alsoOnValue(view, value)),
      );
    } catch (error) {
      if (request !== counter.request) return;
      patchPart(ref, part, (current) => ({
        ...current,
        status: current.status === 'ready' ? 'ready' : 'error',
        error: errorMessage(error),
      }));
    }
  };

  const actions: InspectorActions = {
    loadGraph: (ref) =>
      loadLatest(
        ref,
        'graph',
        async () => (await api.call('conversations.graph', ctx.networkRef(ref))).graph,
        nextGraphParts,
      ),

    loadExchange: (ref) =>
      loadLatest(
        ref,
        'exchange',
        async () => (await api.call('conversations.lastExchange', ctx.networkRef(ref))).exchange,
      ),

    loadParameters: (ref) =>
      loadLatest(ref, 'parameters', () => api.call('conversations.parameters', ctx.networkRef(ref))),

    async updateParameters(ref, patch) {
      // A save supersedes any load still in flight.
      counterOf(ref, 'parameters').request += 1;
      patchChat(ref, (view) => ({ parameters: { ...view.parameters, saving: true } }));
      try {
        const value = await api.call('conversations.updateParameters', { ...ctx.networkRef(ref), ...patch });
        patchChat(ref, (view) => ({
          parameters: { ...view.parameters, status: 'ready', value, error: null, saving: false },
        }));
        return value;
      } catch (error) {
        patchChat(ref, (view) => ({ parameters: { ...view.parameters, saving: false } }));
        throw error;
      }
    },
  };

  return {
    actions,
    markLive(ref, part) {
      counterOf(ref, part).version += 1;
    },
  };
}
