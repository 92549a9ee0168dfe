import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHttpAuthApi } from './api/auth';
import { connectBrowser, connectDesktop } from './api/connect';
import { findDesktopBridge } from './api/ipc-transport';
import { Root } from './app/Root';
import { createSessionStore } from './features/session/store';

// The composition root: inside Electron the preload's bridge carries the API and there is no
// sign-in; in a browser the page signs in over HTTP first, then opens the WebSocket.
const bridge = findDesktopBridge(window);
const session = createSessionStore({
  auth: bridge ? null : createHttpAuthApi((input, init) => fetch(input, init)),
  now: () => Date.now(),
});
const connect = bridge ? () => connectDesktop(bridge) : () => connectBrowser(window.location);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <Root session={session} connect={connect} />
  </StrictMode>,
);
