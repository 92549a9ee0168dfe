/** What the memory views derive from the API's data, as pure functions; each module holds one part. */
export * from './facts';
export * from './refs';
export * from './summarize-notice';
export * from './text';
