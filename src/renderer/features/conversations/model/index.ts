/**
 * What the conversation pages derive from the API's data, as pure functions used by the store,
 * the selectors and the views; each module holds one part.
 */
export * from './agent-activity';
export * from './agent-plans';
export * from './chat-order';
export * from './formatting';
export * from './graph-view';
export * from './pending-send';
export * from './plan-graph';
export * from './provenance';
export * from './reactions';
export * from './timeline-rows';
export * from './timeline-window';
export * from './typing-signal';
