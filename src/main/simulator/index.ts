export { ONLINE_EXPIRY_MS, TYPING_EXPIRY_MS } from '../messaging/agent-presence';
export { simulatedFileId } from './person-files';
export type { SendFaultControls } from './send-faults';
export { FIRST_SIMULATED_PERSON_ID, groupChannelId } from './simulated-ids';
export {
  createSimulator,
  type MessagePage,
  type MessagePageQuery,
  type PersonFileInput,
  type PersonMessageInput,
  type PersonStickerInput,
  Simulator,
  type SimulatorDeps,
} from './simulator';
export type { AgentActivity, SimulatorChange } from './simulator-changes';
export { type SimulatedThing, SimulatorInputError, SimulatorNotFoundError } from './simulator-errors';
export type { CreateChatInput, SimulatedPerson } from './simulator-inputs';
export type { SimulatedChat } from './simulator-views';
