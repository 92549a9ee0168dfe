/**
 * The layer table of Troupe, enforced by `npm run boundaries` (part of `npm test`).
 * See README "Code layout" for why each rule exists.
 */
/**
 * Layers inside src/main, lowest first. A module may import its own layer and those below it;
 * each layer lists its folders (a file directly in src/main, like cli.ts, belongs to the top).
 */
const LAYERS = [
  ['clock', 'logging'],
  ['store'],
  ['config', 'secrets', 'llm', 'conversation', 'prompt', 'tasks', 'messaging', 'translation', 'schedule'],
  ['engine', 'memory', 'media', 'retrieval'],
  ['telegram', 'simulator'],
  ['api'],
  ['runtime'],
  ['server', 'cli', 'app'],
];

/** Which folders a layer may not reach: every folder above it. */
function layerRules() {
  return LAYERS.slice(0, -1).map((folders, index) => {
    const above = LAYERS.slice(index + 1).flat();
    return {
      name: `layer-${index + 1}-not-above`,
      comment: `${folders.join(', ')} may import only from layers at or below their own, never ${above.join(', ')}.`,
      severity: 'error',
      from: { path: `^src/main/(${folders.join('|')})/` },
      to: { path: `^src/main/((${above.join('|')})/|cli\\.ts$)` },
    };
  });
}

const ADAPTERS = '(telegram|simulator)';

module.exports = {
  forbidden: [
    {
      name: 'electron-only-in-app-shell',
      comment:
        'Only the Electron shell (src/main/app) and the preload may import electron; the runtime must run under plain Node.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main/app|preload)/' },
      to: { path: '^electron$|^electron/|^node_modules/electron/' },
    },
    {
      name: 'gramjs-only-in-telegram',
      comment:
        'GramJS stays behind the MessagingPort: only the Telegram adapter (src/main/telegram) may import it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/main/telegram/' },
      to: { path: '^telegram$|^telegram/|^node_modules/telegram/' },
    },
    {
      name: 'renderer-not-main',
      comment: 'The renderer talks to the runtime only through the API client.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(main|preload)/' },
    },
    {
      name: 'preload-not-main',
      comment: 'The preload only bridges the API contract; it never loads runtime code.',
      severity: 'error',
      from: { path: '^src/preload/' },
      to: { path: '^src/(main|renderer)/' },
    },
    {
      name: 'shared-is-pure',
      comment:
        'The contract runs everywhere: no Node built-ins, no DOM-only or Electron modules, nothing from main/renderer.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: {
        pathNot: '^src/shared/|^node_modules/zod/',
      },
    },
    {
      name: 'main-not-renderer',
      comment: 'The runtime never imports UI code.',
      severity: 'error',
      from: { path: '^src/main/' },
      to: { path: '^src/(renderer|preload)/' },
    },
    ...layerRules(),
    {
      name: 'behaviour-through-entry-points',
      comment:
        'Behaviour modules (engine, memory, media, retrieval) reach each other only through their index.ts.',
      severity: 'error',
      from: { path: '^src/main/(engine|memory|media|retrieval)/' },
      to: {
        path: '^src/main/(engine|memory|media|retrieval)/.+',
        pathNot: ['^src/main/$1/', '^src/main/(engine|memory|media|retrieval)/index\\.ts$'],
      },
    },
    {
      name: 'adapters-not-behaviour',
      comment:
        'The MessagingPort adapters stay independent of the engine and other behaviour: they meet it only in runtime/.',
      severity: 'error',
      from: { path: `^src/main/${ADAPTERS}/` },
      to: { path: '^src/main/(engine|memory|media|retrieval)/' },
    },
    {
      name: 'adapters-not-each-other',
      comment: 'Telegram and the Simulator are two implementations of one port; neither knows the other.',
      severity: 'error',
      from: { path: `^src/main/${ADAPTERS}/` },
      to: { path: `^src/main/${ADAPTERS}/`, pathNot: '^src/main/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: "Vite's asset imports (`file?url`) resolve at build time, where Vite checks them.",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '\\?url$' },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^out/' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
