/** The configuration layer: config path, agent files, prompts, curated media, and watching them. */

export {
  AgentFileConflictError,
  agentFileVersion,
  restoreAgentFile,
  updateAgentFile,
} from './agent-file-update';
export {
  AgentPathTakenError,
  type AgentPlace,
  agentFilePath,
  agentFolderPath,
  relocateAgentFiles,
  setAgentFilesAside,
  type UndoFileChange,
  writeNewAgentFile,
} from './agent-files';
export { type AgentFileContext, type ParsedAgentFile, parseAgentMarkdown } from './agent-markdown-parser';
export { type AgentFileChanges, patchAgentMarkdown } from './agent-markdown-patch';
export { type AgentFileContent, UnwritableAgentError, writeAgentMarkdown } from './agent-markdown-writer';
export { AGENT_SECTIONS, START_TYPING_DELAY_RANGE, TYPING_SPEED_RANGE } from './agent-sections';
export { configDirProblems } from './config-dir-check';
export {
  type ConfigPathInputs,
  type ResolvedConfigPath,
  resolveConfigPath,
  shippedConfigDirs,
  splitConfigPathList,
} from './config-path';
export { ConfigService, type ConfigServiceDeps } from './config-service';
export {
  createDocument,
  DocumentConflictError,
  DocumentNotFoundError,
  deleteDocument,
  InvalidDocumentNameError,
  listDocuments,
  moveDocument,
  readDocument,
  renameDocument,
  saveDocument,
} from './documents';
export { installedConfigDirs } from './installed-config-dirs';
export {
  type LoadedConfig,
  loadConfig,
  MAIN_INSTRUCTIONS_PROMPT,
  type MediaDirSummary,
  totalMediaByKind,
} from './load-config';
export { demoteHeadingsOutsideCodeFences } from './markdown-sections';
export { listMediaRecords, type MediaRecord, type MediaRecordList, parseMediaRecord } from './media-records';
export { formatProblem, sortProblems } from './problems';
export {
  CachedPromptLibrary,
  InvalidPromptNameError,
  isValidPromptName,
  listPromptFiles,
  loadPrompt,
  PromptLibrary,
  PromptNotFoundError,
  type PromptRef,
  type PromptSource,
} from './prompts';
export { extractSchemaTasks } from './schema-tasks';
export { substituteTemplates, type TemplateValues } from './templates';
export { ConfigFileTooLargeError, MAX_CONFIG_TEXT_BYTES } from './text-file-limit';
export { isValidTimeZone } from './time-zone';
export { isEditorTempFile, type WatchConfigOptions, watchConfig } from './watch-config';
