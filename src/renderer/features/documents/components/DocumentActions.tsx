import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsRightLeft, IconCheck, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { DocumentEntry, DocumentPlace } from '../../../../shared/api/documents-contract';
import { joinNames } from '../../../../shared/domain/document-name';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { PathText } from '../../../ui/PathText';
import { doneNotice, nameProblem, placeKey, placePath, placeTitle } from '../model';
import { documentsSelectors } from '../selectors';
import { useDocumentsStore } from '../store';

type Dialog = 'rename' | 'move' | 'delete' | null;

/** Says briefly what was done, once the dialog has closed. */
function confirmDone(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 4000 });
}

/**
 * Runs an action of a dialog, keeping the runtime's refusal to show in it; once done, the dialog
 * closes and a toast says what happened (`notice`, from what the action resolved).
 */
function useRun() {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const run = async <T,>(action: () => Promise<T>, done: () => void, notice: (result: T) => string) => {
    setRunning(true);
    setError(null);
    try {
      const result = await action();
      done();
      confirmDone(notice(result));
    } catch (caught) {
      setError({ message: errorMessage(caught), fields: fieldErrors(caught) });
    } finally {
      setRunning(false);
    }
  };
  return { running, error, run, clear: () => setError(null) };
}

/** A dialog's end: the runtime's refusal, if any, then Cancel and the action. */
function DialogFooter({
  error,
  onClose,
  children,
}: {
  error: string | null;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {children}
      </Group>
    </>
  );
}

function RenameDialog({
  place,
  entry,
  taken,
  onClose,
}: {
  place: DocumentPlace;
  entry: DocumentEntry;
  taken: readonly string[];
  onClose: () => void;
}) {
  const { rename } = useDocumentsStore(documentsSelectors.actions);
  const [name, setName] = useState(entry.name);
  const [updateAgents, setUpdateAgents] = useState(true);
  const { running, error, run, clear } = useRun();
  const problem = nameProblem(name, taken, entry.name);
  const users = entry.usedBy.map((agent) => agent.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem === null)
      void run(
        () => rename(place, entry.name, name, updateAgents),
        onClose,
        (renamed) =>
          doneNotice({
            kind: 'rename',
            name: entry.name,
            newName: renamed.name,
            updatedAgents: renamed.updatedAgents,
          }),
      );
  };
  return (
    <form onSubmit={submit} aria-label={`Rename ${entry.name}.md`}>
      <Stack gap="sm">
        <TextInput
          label="New name"
          description=".md is added"
          value={name}
          data-autofocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear();
          }}
          error={error?.fields.newName ?? problem}
        />
        {users.length > 0 && (
          <Checkbox
            checked={updateAgents}
            onChange={(event) => setUpdateAgents(event.currentTarget.checked)}
            label={`Also rename it in the role prompts of ${joinNames(users)}`}
            description={
              updateAgents
                ? 'Only that line of each agent file changes.'
                : 'Left out, they will name a prompt that is gone.'
            }
          />
        )}
        <DialogFooter error={error && !error.fields.newName ? error.message : null} onClose={onClose}>
          <Button type="submit" loading={running} disabled={problem !== null}>
            Rename
          </Button>
        </DialogFooter>
      </Stack>
    </form>
  );
}

/** The config directories a place's name must be told from: those listed, and those named here. */
function knownConfigDirs(
  listed: readonly { configDir: string }[],
  places: readonly DocumentPlace[],
): string[] {
  const named = places.flatMap((candidate) => ('configDir' in candidate ? [candidate.configDir] : []));
  return [...new Set([...listed.map((dir) => dir.configDir), ...named])];
}

/**
 * Where a document goes, named in words ("Shared documents of samples", "Juniper’s documents"),
 * each with its folder's path under it, and the chosen one's path under the field.
 */
export function MoveDialog({
  place,
  entry,
  targets,
  onClose,
}: {
  place: DocumentPlace;
  entry: DocumentEntry;
  targets: readonly DocumentPlace[];
  onClose: () => void;
}) {
  const { move } = useDocumentsStore(documentsSelectors.actions);
  const listed = useDocumentsStore(documentsSelectors.list).dirs;
  const [target, setTarget] = useState<string | null>(targets[0] ? placeKey(targets[0]) : null);
  const { running, error, run } = useRun();
  const chosen = targets.find((candidate) => placeKey(candidate) === target) ?? null;
  const configDirs = knownConfigDirs(listed, [place, ...targets]);
  const paths = new Map(targets.map((candidate) => [placeKey(candidate), placePath(candidate)]));
  const chosenPath = chosen ? placePath(chosen) : null;
  return (
    <Stack gap="sm">
      <Text size="sm">From {placeTitle(place, configDirs)}</Text>
      <Select
        label="Move to"
        data={targets.map((candidate) => ({
          value: placeKey(candidate),
          label: placeTitle(candidate, configDirs),
        }))}
        value={target}
        onChange={setTarget}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        renderOption={({ option, checked }) => (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconCheck
              size={12}
              aria-hidden
              style={{ flex: 'none', marginTop: 5, opacity: checked ? 1 : 0 }}
            />
            <div>
              <Text size="sm">{option.label}</Text>
              {paths.get(option.value) && (
                <Text size="xs" c="dimmed" ff="monospace" className="troupe-path">
                  {paths.get(option.value)}
                </Text>
              )}
            </div>
          </Group>
        )}
      />
      {chosenPath && (
        <Text size="xs" c="dimmed" mt={-6}>
          Into <PathText path={chosenPath} />
        </Text>
      )}
      {entry.usedBy.length > 0 && (
        <Text size="xs" c="dimmed">
          Its agents find it by name in whichever directory has it first on the config path.
        </Text>
      )}
      <DialogFooter error={error?.message ?? null} onClose={onClose}>
        <Button
          loading={running}
          disabled={chosen === null}
          onClick={() =>
            chosen &&
            void run(
              () => move(place, entry.name, chosen),
              onClose,
              () => doneNotice({ kind: 'move', name: entry.name, to: chosen }, configDirs),
            )
          }
        >
          Move
        </Button>
      </DialogFooter>
    </Stack>
  );
}

function DeleteDialog({
  place,
  entry,
  onClose,
}: {
  place: DocumentPlace;
  entry: DocumentEntry;
  onClose: () => void;
}) {
  const { delete: remove } = useDocumentsStore(documentsSelectors.actions);
  const listed = useDocumentsStore(documentsSelectors.list).dirs;
  const configDirs = knownConfigDirs(listed, [place]);
  const path = placePath(place);
  const { running, error, run } = useRun();
  const users = entry.usedBy.map((agent) => agent.name);
  if (users.length > 0) {
    return (
      <Stack gap="sm">
        <Alert color="orange" role="alert" title="In use">
          {entry.name} is a role prompt of {joinNames(users)}. Take it out of their role prompts first (on
          each agent’s page: Edit the agent), or rename it and let them follow.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        Delete {entry.name}.md from {placeTitle(place, configDirs)}? The file is removed from disk.
      </Text>
      {path && (
        <Text size="xs" c="dimmed" mt={-6}>
          In <PathText path={path} />
        </Text>
      )}
      <DialogFooter error={error?.message ?? null} onClose={onClose}>
        <Button
          color="red"
          loading={running}
          onClick={() =>
            void run(
              () => remove(place, entry.name),
              onClose,
              () => doneNotice({ kind: 'delete', name: entry.name, place }, configDirs),
            )
          }
        >
          Delete
        </Button>
      </DialogFooter>
    </Stack>
  );
}

const TITLES: Record<Exclude<Dialog, null>, string> = { rename: 'Rename', move: 'Move', delete: 'Delete' };

/** A document's menu: rename, move to another folder, delete (each asked in a dialog first). */
export function DocumentActions({
  place,
  entry,
  taken,
  targets,
}: {
  place: DocumentPlace;
  entry: DocumentEntry;
  taken: readonly string[];
  targets: readonly DocumentPlace[];
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${entry.name}.md`}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setDialog('rename')}>
            Rename…
          </Menu.Item>
          <Menu.Item
            leftSection={<IconArrowsRightLeft size={14} aria-hidden />}
            disabled={targets.length === 0}
            onClick={() => setDialog('move')}
          >
            Move to…
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDialog('delete')}
          >
            Delete…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog ? `${TITLES[dialog]} ${entry.name}.md` : ''}
        centered
      >
        {dialog === 'rename' && <RenameDialog place={place} entry={entry} taken={taken} onClose={close} />}
        {dialog === 'move' && <MoveDialog place={place} entry={entry} targets={targets} onClose={close} />}
        {dialog === 'delete' && <DeleteDialog place={place} entry={entry} onClose={close} />}
      </Modal>
    </>
  );
}
