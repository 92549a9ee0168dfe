export {
  type ConsoleServer,
  ConsoleServerConfigError,
  type ConsoleServerOptions,
  MIN_PASSWORD_LENGTH,
  startConsoleServer,
  validateConsoleServerSettings,
} from './console-server';
export { isLoopbackHost } from './loopback';
export { API_SOCKET_PATH, SOCKET_CLOSE_CODES } from './ws-gateway';
