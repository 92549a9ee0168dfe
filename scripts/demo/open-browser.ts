import { spawn } from 'node:child_process';

/**
 * Opens a link in the default browser where there is a desktop to open it on. Returns whether it
 * tried; a failure is quiet, since the link is printed as well.
 */
export function openInBrowser(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const command =
    process.platform === 'darwin'
      ? { file: 'open', args: [url] }
      : process.platform === 'win32'
        ? { file: 'cmd', args: ['/c', 'start', '""', url] }
        : env.DISPLAY || env.WAYLAND_DISPLAY
          ? { file: 'xdg-open', args: [url] }
          : null;
  if (!command) return false;
  const opener = spawn(command.file, command.args, { detached: true, stdio: 'ignore' });
  opener.on('error', () => {});
  opener.unref();
  return true;
}
