import { type TaskLogRowView, taskRowWords } from '../../../../shared/api';
import { formatCost } from '../../conversations/model';

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** One row of the chat's task log between the messages: small and muted, red when it failed. */
export function TimelineTaskRow({ row }: { row: TaskLogRowView }) {
  const words = taskRowWords(row, formatCost);
  return (
    <div
      className="tc-task-row"
      data-failed={row.failure !== null ? '' : undefined}
      data-testid="task-log-row"
    >
      <time dateTime={row.at}>{TIME.format(new Date(row.at))}</time>
      <span>{words}</span>
    </div>
  );
}
