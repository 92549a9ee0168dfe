import { z } from 'zod';
import { NetworkSchema } from '../../shared/api/conversation-contract';
import { type ConversationKey, conversationKeyString } from '../../shared/domain/conversation-key';
import type { GraphContext, TaskGraphRecord, TaskNode } from '../../shared/domain/task-graph-record';
import { type TaskStatus, TaskStatusSchema } from '../../shared/domain/tasks';
import type { SqliteDatabase } from './migrations/migration';

interface GraphRow {
  agent: string;
  network: string;
  channel_id: number;
  id: string;
  context_json: string;
  created_at: string;
}

interface NodeRow {
  agent: string;
  network: string;
  channel_id: number;
  id: string;
  position: number;
  kind: string;
  status: string;
  params_json: string;
  depends_on_json: string;
  retries: number;
  wait_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

const GraphContextSchema = z.object({ isGroup: z.boolean(), channelName: z.string() });
const ParamsSchema = z.record(z.string(), z.unknown());
const DependsOnSchema = z.array(z.string());

function conversationOf(row: { agent: string; network: string; channel_id: number }): ConversationKey {
  return { agent: row.agent, network: NetworkSchema.parse(row.network), channelId: row.channel_id };
}

function toNode(row: NodeRow): TaskNode {
  const status = TaskStatusSchema.safeParse(row.status);
  return {
    id: row.id,
    kind: row.kind,
    // The CHECK constraint admits only known statuses; the fallback keeps a hand-edited row runnable.
    status: status.success ? status.data : ('pending' satisfies TaskStatus),
    params: ParamsSchema.parse(JSON.parse(row.params_json)),
    dependsOn: DependsOnSchema.parse(JSON.parse(row.depends_on_json)),
    retries: row.retries,
    waitUntil: row.wait_until,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What this repository last wrote for one conversation: the graph row and each node row, by id. */
interface WrittenRows {
  graph: GraphRow;
  nodes: Map<string, NodeRow>;
}

/** Whether two rows of the same table hold the same values: every column is a string, number or null. */
function sameRow<Row extends object>(row: Row, written: Row | undefined): boolean {
  if (!written) return false;
  for (const column in row) if (row[column] !== written[column]) return false;
  return true;
}

/**
 * The task graphs of every conversation, one per (agent, network, channel). `save` writes a graph
 * as it is now, inside the caller's transaction. The engine saves a conversation's graph several
 * times per turn and most rows are unchanged each time, so the repository remembers what it wrote
 * and writes only rows that changed; a failed `store.transaction` makes it forget (`forgetWrites`),
 * so a rolled-back write is never taken for one in the database.
 */
export class EngineGraphRepository {
  readonly #selectGraphs;
  readonly #selectGraph;
  readonly #selectNodes;
  readonly #upsertGraph;
  readonly #upsertNode;
  readonly #deleteOtherNodes;
  readonly #deleteGraph;
  /** By conversation key string; a conversation is absent until its graph is saved whole here. */
  readonly #written = new Map<string, WrittenRows>();

  constructor(db: SqliteDatabase) {
    this.#selectGraphs = db.prepare<[string], GraphRow>(
      'SELECT * FROM task_graphs WHERE network = ? ORDER BY created_at, agent, channel_id',
    );
    this.#selectGraph = db.prepare<[string, string, number], GraphRow>(
      'SELECT * FROM task_graphs WHERE agent = ? AND network = ? AND channel_id = ?',
    );
    this.#selectNodes = db.prepare<[string, string, number], NodeRow>(
      'SELECT * FROM task_nodes WHERE agent = ? AND network = ? AND channel_id = ? ORDER BY position',
    );
    this.#upsertGraph = db.prepare<GraphRow>(
      `INSERT INTO task_graphs (agent, network, channel_id, id, context_json, created_at)
       VALUES (@agent, @network, @channel_id, @id, @context_json, @created_at)
       ON CONFLICT (agent, network, channel_id) DO UPDATE SET id = excluded.id,
         context_json = excluded.context_json, created_at = excluded.created_at`,
    );
    this.#upsertNode = db.prepare<NodeRow>(
      `INSERT INTO task_nodes (agent, network, channel_id, id, position, kind, status, params_json,
         depends_on_json, retries, wait_until, last_error, created_at, updated_at)
       VALUES (@agent, @network, @channel_id, @id, @position, @kind, @status, @params_json,
         @depends_on_json, @retries, @wait_until, @last_error, @created_at, @updated_at)
       ON CONFLICT (agent, network, channel_id, id) DO UPDATE SET position = excluded.position,
         status = excluded.status, params_json = excluded.params_json,
         depends_on_json = excluded.depends_on_json, retries = excluded.retries,
         wait_until = excluded.wait_until, last_error = excluded.last_error,
         updated_at = excluded.updated_at`,
    );
    this.#deleteOtherNodes = db.prepare<{ agent: string; network: string; channel_id: number; ids: string }>(
      `DELETE FROM task_nodes WHERE agent = @agent AND network = @network AND channel_id = @channel_id
         AND id NOT IN (SELECT value FROM json_each(@ids))`,
    );
    this.#deleteGraph = db.prepare<[string, string, number]>(
      'DELETE FROM task_graphs WHERE agent = ? AND network = ? AND channel_id = ?',
    );
  }

  /** Every stored graph of a network, oldest first. */
  list(network: ConversationKey['network']): TaskGraphRecord[] {
    return this.#selectGraphs.all(network).map((row) => this.#toGraph(row));
  }

  get(conversation: ConversationKey): TaskGraphRecord | null {
    const row = this.#selectGraph.get(conversation.agent, conversation.network, conversation.channelId);
    return row ? this.#toGraph(row) : null;
  }

  /** Writes the graph as it is now: its id and context, and exactly its nodes. */
  save(graph: TaskGraphRecord): void {
    const conversation = conversationKeyString(graph.conversation);
    const written = this.#written.get(conversation);
    // Until the writes below are done, nothing of this conversation counts as written.
    this.#written.delete(conversation);
    const key = {
      agent: graph.conversation.agent,
      network: graph.conversation.network,
      channel_id: graph.conversation.channelId,
    };
    const graphRow: GraphRow = {
      ...key,
      id: graph.id,
      context_json: JSON.stringify(graph.context),
      created_at: graph.createdAt,
    };
    if (!sameRow(graphRow, written?.graph)) this.#upsertGraph.run(graphRow);
    // Rows written by an earlier process are unknown here, so the first save clears whatever the
    // graph does not have; later saves only need to when a node they wrote is gone.
    const ids = new Set(graph.nodes.map((node) => node.id));
    if (!written || [...written.nodes.keys()].some((id) => !ids.has(id))) {
      this.#deleteOtherNodes.run({ ...key, ids: JSON.stringify([...ids]) });
    }
    const nodes = new Map<string, NodeRow>();
    graph.nodes.forEach((node, position) => {
      const nodeRow: NodeRow = {
        ...key,
        id: node.id,
        position,
        kind: node.kind,
        status: node.status,
        params_json: JSON.stringify(node.params),
        depends_on_json: JSON.stringify(node.dependsOn),
        retries: node.retries,
        wait_until: node.waitUntil,
        last_error: node.lastError,
        created_at: node.createdAt,
        updated_at: node.updatedAt,
      };
      if (!sameRow(nodeRow, written?.nodes.get(node.id))) this.#upsertNode.run(nodeRow);
      nodes.set(node.id, nodeRow);
    });
    this.#written.set(conversation, { graph: graphRow, nodes });
  }

  /**
   * Forgets what was written, so the next save of each graph writes it whole: for a transaction
   * that rolled back, whose writes the database no longer has.
   */
  forgetWrites(): void {
    this.#written.clear();
  }

  /** Removes the conversation's graph and its nodes; returns whether there was one. */
  delete(conversation: ConversationKey): boolean {
    this.#written.delete(conversationKeyString(conversation));
    return (
      this.#deleteGraph.run(conversation.agent, conversation.network, conversation.channelId).changes > 0
    );
  }

  #toGraph(row: GraphRow): TaskGraphRecord {
    const conversation = conversationOf(row);
    const context: GraphContext = GraphContextSchema.parse(JSON.parse(row.context_json));
    const nodes = this.#selectNodes
      .all(conversation.agent, conversation.network, conversation.channelId)
      .map(toNode);
    return { id: row.id, conversation, context, createdAt: row.created_at, nodes };
  }
}
