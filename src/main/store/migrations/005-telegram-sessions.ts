import type { Migration } from './migration';

/**
 * Telegram logins, one per agent and server: the GramJS session string encrypted with the secret
 * key (it grants full access to the account), and the account as it was at login for the console.
 */
export const migration005TelegramSessions: Migration = {
  version: 5,
  name: 'telegram-sessions',
  up(db) {
    db.exec(`
      -- server_scope names the Telegram server (production, test, custom:host:port:dc), so a login
      -- made on one server is never offered to another. user_json is a TelegramUser.
      CREATE TABLE telegram_sessions (
        config_name TEXT NOT NULL,
        server_scope TEXT NOT NULL,
        session_blob BLOB NOT NULL,
        user_json TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (config_name, server_scope)
      ) STRICT;
    `);
  },
};
