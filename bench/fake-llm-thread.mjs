import { parentPort, workerData } from 'node:worker_threads';
import { createJiti } from 'jiti';

/*
 * The engine benchmark's fake LLM, on a thread of its own: a real model runs elsewhere, so its
 * HTTP parsing and the benchmark's bookkeeping must not take the engine's event loop, and the
 * arrival of a request is timed when it arrives, not when a busy engine thread gets to it.
 * For every request the thread posts the conversation's marker, the arrival time (milliseconds
 * since the epoch, comparable across threads) and how much of the whole request (system prompt
 * and contents) repeats the conversation's previous one as an unchanged prefix.
 */
const jiti = createJiti(import.meta.url);
const { startFakeLlmServer } = await jiti.import('../test/support/fake-llm-server.ts');
const { unchangedPrefixShare } = await jiti.import('../src/main/prompt/prefix-share.ts');

/** The marker the benchmark's messages carry; the newest one names the turn's conversation. */
function conversationKeyOf(body) {
  const markers = [...JSON.stringify(body.contents ?? []).matchAll(/bench\[([^\]]+)\]/g)];
  return markers.at(-1)?.[1] ?? null;
}

/** The request as a provider's cache sees it, in order: the system prompt, then the contents. */
function requestTextOf(body) {
  const system = (body.systemInstruction?.parts ?? []).map((part) => part.text ?? '').join('');
  return system + JSON.stringify(body.contents ?? []);
}

const lastPrompt = new Map();
const llm = await startFakeLlmServer({
  latencyMs: workerData.latencyMs,
  recordRequests: false,
  defaultReply: workerData.defaultReply,
  onRequest: (request, receivedAtMs) => {
    const key = conversationKeyOf(request.body);
    if (key === null) return;
    const prompt = requestTextOf(request.body);
    const previous = lastPrompt.get(key);
    lastPrompt.set(key, prompt);
    parentPort.postMessage({
      type: 'request',
      key,
      receivedAt: performance.timeOrigin + receivedAtMs,
      prefixShare: previous === undefined ? null : unchangedPrefixShare(previous, prompt),
    });
  },
});

parentPort.on('message', async (message) => {
  if (message === 'sync') parentPort.postMessage({ type: 'synced' });
  if (message === 'close') {
    await llm.close();
    parentPort.close();
  }
});
parentPort.postMessage({ type: 'ready', geminiBaseUrl: llm.geminiBaseUrl });
