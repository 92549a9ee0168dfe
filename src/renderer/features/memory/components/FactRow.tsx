import { Badge, Group, Text } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { MemoryFact } from '../../../../shared/domain/memory';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { formatDateTime } from '../../../ui/format';
import { IconAction } from '../../../ui/IconAction';
import {
  FACT_ORIGIN_LABELS,
  type FactSet,
  isPastFact,
  type PersonRef,
  shortDate,
  successorOf,
} from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { FactForm } from './FactForm';
import { MessageLinks } from './MessageLinks';
import { reportFailure } from './notices';

/** What became of a past fact: retracted, or replaced by which newer one. */
function Fate({ set, fact }: { set: FactSet; fact: MemoryFact }) {
  if (fact.retractedAt !== null) {
    return (
      <Text size="xs" c="red.7" title={formatDateTime(fact.retractedAt)}>
        Retracted {shortDate(fact.retractedAt)}
      </Text>
    );
  }
  if (fact.supersededAt === null) return null;
  const successor = successorOf(set, fact);
  return (
    <Text size="xs" c="orange.8" title={formatDateTime(fact.supersededAt)}>
      Superseded {shortDate(fact.supersededAt)}
      {successor ? ` by “${successor.content}”` : ''}
    </Text>
  );
}

/**
 * One fact: its sentence, key, who wrote it when, and the messages it was learnt from. A current
 * fact can be corrected (a new fact supersedes it) or retracted; a past one is struck through.
 */
export function FactRow({ person, set, fact }: { person: PersonRef; set: FactSet; fact: MemoryFact }) {
  const { retractFact } = useMemoryStore(memorySelectors.actions);
  const [editing, setEditing] = useState(false);
  const past = isPastFact(fact);
  // The correction form replaced the Correct button; once closed, focus goes back to it.
  const actions = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    actions.current?.querySelector('button')?.focus();
  }, [editing]);
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  if (editing) {
    return (
      <li className="mem-fact">
        <div className="mem-fact-body">
          <FactForm person={person} fact={fact} onDone={stopEditing} />
        </div>
      </li>
    );
  }
  const retract = () => retractFact(person, fact.id).catch(reportFailure('The fact was not retracted'));
  const source = fact.sourceChannelId === null ? null : { ...person, channelId: fact.sourceChannelId };

  return (
    <li
      className="mem-fact"
      data-past={past ? '' : undefined}
      aria-label={past ? `Past fact: ${fact.content}` : undefined}
    >
      <div className="mem-fact-body">
        <Text size="sm" className="mem-fact-text">
          {fact.content}
        </Text>
        <Group gap={6} mt={2} wrap="wrap">
          {fact.key && (
            <Badge size="xs" variant="default" tt="none" ff="monospace" fw={500}>
              {fact.key}
            </Badge>
          )}
          <Text span size="xs" c="dimmed" title={formatDateTime(fact.writtenAt)}>
            by {FACT_ORIGIN_LABELS[fact.writtenBy]}, {shortDate(fact.writtenAt)}
          </Text>
          {source && <MessageLinks conversation={source} messageIds={fact.sourceMessageIds} />}
        </Group>
        {past && <Fate set={set} fact={fact} />}
      </div>
      {!past && (
        <div className="mem-fact-actions" ref={actions}>
          <IconAction
            label={`Correct the fact: ${fact.content}`}
            tooltip="Correct this fact"
            icon={<IconPencil size={15} aria-hidden />}
            onClick={() => setEditing(true)}
          />
          <ConfirmAction
            label={`Retract the fact: ${fact.content}`}
            icon={<IconX size={15} aria-hidden />}
            question="Retract this fact? The agent no longer knows it; the history keeps it."
            confirmLabel="Retract"
            onConfirm={retract}
          />
        </div>
      )}
    </li>
  );
}
