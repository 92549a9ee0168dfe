import ElkApi, { type ELK } from 'elkjs/lib/elk-api.js';
// elkjs's own worker script, shipped as an asset of the console: a same-origin script, which the
// server's CSP (`script-src 'self'`) and the desktop's (`worker-src 'self'`) both allow.
import workerUrl from 'elkjs/lib/elk-worker.min.js?url';

/**
 * elkjs runs in a Web Worker: a layout never blocks the page, and the worker's compiled code stays
 * warm for the page's life. One worker serves every plan; it starts with the first layout or warm-up.
 */

let engine: { elk: ELK; failed: Promise<never> } | null = null;
/** Whether a plan asked for a layout yet: a warm-up must never queue in front of one. */
let asked = false;

function start() {
  if (engine) return engine;
  let fail: (error: Error) => void = () => {};
  // elkjs never answers a worker that failed to load: its layouts reject instead of waiting forever.
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  const elk = new ElkApi({
    workerUrl,
    workerFactory: (url) => {
      const worker = new Worker(url ?? workerUrl);
      worker.addEventListener('error', (event) => {
        engine = null;
        fail(new Error(event.message || 'The layout worker could not start.'));
      });
      return worker;
    },
  });
  engine = { elk, failed };
  return engine;
}

/** The elkjs engine, in its worker: `layout` rejects if the worker cannot run. */
export function planLayoutEngine(): Pick<ELK, 'layout'> {
  asked = true;
  const { elk, failed } = start();
  return { layout: (graph, options) => Promise.race([elk.layout(graph, options), failed]) };
}

/** A plan shaped like a conversation's: chains of turns with branches, sizes like the cards'. */
function warmUpGraph() {
  const children = Array.from({ length: 120 }, (_, index) => ({ id: `${index}`, width: 208, height: 120 }));
  const edges = children.slice(1).flatMap((child, index) => {
    const from = [index % 6 === 5 ? index - 3 : index, ...(index % 10 === 9 ? [index - 7] : [])];
    return from.map((source) => ({
      id: `${source}-${child.id}`,
      sources: [`${source}`],
      targets: [child.id],
    }));
  });
  return { id: 'warm-up', children, edges };
}

/** Long enough for the page that asked to have loaded what it shows first. */
const WARM_UP_DELAY_MS = 1000;

/**
 * Starts the worker and lays a made-up plan out once, soon after a page that draws plans opened:
 * elkjs's first layout runs several times slower than the next ones while its code compiles, and
 * this one is off screen and off the page's thread. Skipped once a plan asked first, so it never
 * delays one; laid out with `layoutOptions`, the plans' own.
 */
export function warmPlanLayout(layoutOptions: Record<string, string>): () => void {
  if (asked) return () => {};
  const timer = setTimeout(() => {
    if (asked) return;
    asked = true;
    start()
      .elk.layout({ ...warmUpGraph(), layoutOptions })
      .catch(() => {});
  }, WARM_UP_DELAY_MS);
  return () => clearTimeout(timer);
}
