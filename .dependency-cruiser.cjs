/**
 * The layer table of Troupe, enforced by `npm run boundaries` (part of `npm test`).
 * See README "Code layout" for why each rule exists.
 */
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
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
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
