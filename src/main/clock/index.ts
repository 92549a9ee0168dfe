export { type Clock, ManualClock, systemClock } from './clock';
