import { Api } from 'telegram';

/**
 * Test-facing method names ("messages.sendMessage" as in Telegram's docs, or GramJS's
 * "messages.SendMessage") resolved to GramJS's class name, so a typo fails loudly instead of
 * planning a fault that never fires.
 */
export function canonicalMethodName(name: string): string {
  const [namespace, method, ...rest] = name.split('.');
  if (namespace && method && rest.length === 0) {
    const className = `${namespace}.${method.charAt(0).toUpperCase()}${method.slice(1)}`;
    const namespaces = Api as unknown as Record<string, Record<string, { className?: unknown }> | undefined>;
    if (namespaces[namespace]?.[className.slice(namespace.length + 1)]?.className === className)
      return className;
  }
  throw new Error(`"${name}" is not a Telegram API method (expected e.g. "messages.sendMessage")`);
}
