import { Alert, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../../../../../shared/api/errors';
import { errorMessage, fieldErrors } from '../../../../api/errors';
import { formatBytes } from '../../../../ui/media/media-display';
import { goesAsPhoto, type LibraryOwner, libraryFileProblem } from '../../library-model';
import { mediaSelectors } from '../../selectors';
import { useMediaStore } from '../../store';

/** Why a file was not added: a refusal explains (the Simulator's library is curated media), a failure alarms. */
type Refusal = { message: string; explains: boolean };

function refusalOf(error: unknown): Refusal {
  const message = Object.values(fieldErrors(error))[0] ?? errorMessage(error);
  return { message, explains: error instanceof ApiError && error.code === 'conflict' };
}

function RefusalAlert({ refusal }: { refusal: Refusal }) {
  return refusal.explains ? (
    <Alert role="alert" color="blue" variant="light" p="xs" icon={<IconInfoCircle size={16} aria-hidden />}>
      {refusal.message}
    </Alert>
  ) : (
    <Alert role="alert" color="red" variant="light" p="xs" title="Not added">
      {refusal.message}
    </Alert>
  );
}

/** The picked file before it is sent: what it is, whether an image goes as a file, why it cannot go. */
function FileDraft({ owner, file, onClose }: { owner: LibraryOwner; file: File; onClose: () => void }) {
  const { addToLibrary } = useMediaStore(mediaSelectors.actions);
  const [asFile, setAsFile] = useState(false);
  const [adding, setAdding] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const problem = libraryFileProblem(file);

  const add = async () => {
    setAdding(true);
    setRefusal(null);
    try {
      await addToLibrary(owner, file, asFile);
      onClose();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" maw={520} role="group" aria-label={`Add ${file.name}`}>
      <Stack gap="xs">
        <div>
          <Text size="sm" fw={600} truncate title={file.name}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(file.size)} · {file.type || 'type unknown'}
          </Text>
        </div>
        {goesAsPhoto(file) && (
          <Checkbox
            size="xs"
            label="Send as a file (kept as it is, not recompressed as a photo)"
            checked={asFile}
            onChange={(event) => setAsFile(event.currentTarget.checked)}
          />
        )}
        {problem && <RefusalAlert refusal={{ message: problem, explains: false }} />}
        {refusal && <RefusalAlert refusal={refusal} />}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onClose} disabled={adding}>
            Cancel
          </Button>
          <Button size="xs" loading={adding} disabled={problem !== null} onClick={() => void add()}>
            {owner.network === 'telegram' ? 'Add to Saved Messages' : 'Add to the library'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Picks a file from disk for the agent's library, then shows it to confirm before sending; `aside`
 * sits at the other end of the button's row.
 */
export function AddToLibrary({ owner, aside }: { owner: LibraryOwner; aside?: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const pick = () => {
    const element = input.current;
    if (!element) return;
    element.value = '';
    element.click();
  };
  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.currentTarget.files?.[0];
    if (picked) setFile(picked);
  };

  return (
    <Stack gap="xs">
      <input ref={input} type="file" hidden onChange={onPicked} aria-label="File to add" />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={pick}>
          Add file…
        </Button>
        {aside}
      </Group>
      {file && (
        <FileDraft
          key={`${file.name}:${file.size}:${file.lastModified}`}
          owner={owner}
          file={file}
          onClose={() => setFile(null)}
        />
      )}
    </Stack>
  );
}
