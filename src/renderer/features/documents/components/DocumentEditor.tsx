import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { IconAlertTriangle, IconFileText, IconLock, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import type { DocumentPlace } from '../../../../shared/api/documents-contract';
import { lazyComponent } from '../../../ui/lazy-component';
import { EmptyBlock, ErrorState } from '../../../ui/states';
import { SaveStatus } from '../../memory/components/SaveStatus';
import { useAutoSave } from '../../memory/components/useAutoSave';
import { placeKey, placeLabel } from '../model';
import { documentsSelectors } from '../selectors';
import { type OpenDocument, useDocumentsStore } from '../store';

// CodeMirror is fetched when the first document opens, in a chunk of its own.
const MarkdownEditor = lazyComponent(() => import('./editor/MarkdownEditor').then((m) => m.MarkdownEditor));

/** Preloads the editor's chunk, e.g. as a documents list appears. */
export const preloadMarkdownEditor = (): void => void MarkdownEditor.preload().catch(() => {});

/** How the auto-save stands, said in words; the error takes the place of "Saved". */
export function AutoSaveStatus({
  saving,
  savedAt,
  error,
}: {
  saving: boolean;
  savedAt: number | null;
  error: string | null;
}) {
  if (error !== null && !saving) {
    return (
      <Text size="xs" c="red" role="status" aria-live="polite">
        Error: not saved
      </Text>
    );
  }
  return <SaveStatus saving={saving} savedAt={savedAt} />;
}

/** The conflict and how to settle it: reloading shows the file as it is now, dropping unsaved text. */
export function ConflictNotice({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={16} aria-hidden />}
      title="Changed on disk"
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group>
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onReload}
          >
            Reload the document
          </Button>
          <Text size="xs" c="dimmed">
            Copy what you typed first if you want to keep it.
          </Text>
        </Group>
      </Stack>
    </Alert>
  );
}

/** One editing session of a document: started over (a new key) when the text is read again. */
function EditorSession({ open, toolbar }: { open: OpenDocument; toolbar?: ReactNode }) {
  const actions = useDocumentsStore(documentsSelectors.actions);
  const dark = useComputedColorScheme('light') === 'dark';
  const auto = useAutoSave({ saved: open.text, save: actions.save, field: 'text', what: `${open.name}.md` });
  const dirty = auto.value !== open.text;
  const top = useRef<HTMLDivElement>(null);

  // On a narrow screen the editor sits under the lists: a document opened there is brought into view.
  useEffect(() => {
    if (window.matchMedia('(max-width: 62em)').matches) top.current?.scrollIntoView({ block: 'start' });
  }, []);

  // Leaving the page saves what waits for its pause: useAutoSave does that for every field.
  useEffect(() => actions.setDirty(dirty), [actions, dirty]);

  return (
    <Stack gap="sm" ref={top}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <IconFileText size={18} aria-hidden />
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {open.name}.md
          </Title>
          {open.readOnly && (
            <Badge variant="light" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
              Read only
            </Badge>
          )}
        </Group>
        {!open.readOnly && <AutoSaveStatus saving={auto.saving} savedAt={auto.savedAt} error={auto.error} />}
      </Group>
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {placeLabel(open.place)}
      </Text>
      {toolbar}
      {open.conflict !== null ? (
        <ConflictNotice message={open.conflict} onReload={() => void actions.reload()} />
      ) : (
        auto.error !== null && (
          <Alert color="red" role="alert" title="Not saved">
            {auto.error}
          </Alert>
        )
      )}
      <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
        <MarkdownEditor
          initialText={open.text}
          readOnly={open.readOnly}
          label={`Text of ${open.name}.md`}
          dark={dark}
          onChange={auto.onChange}
          onBlur={auto.flush}
        />
      </Suspense>
    </Stack>
  );
}

/**
 * The open document in the CodeMirror editor, auto-saved a moment after typing pauses, on leaving
 * the editor and on leaving the page, always against the version read; or what to do when none is open.
 */
export function DocumentEditor({
  toolbar,
  empty,
  shows,
}: {
  toolbar?: (open: OpenDocument) => ReactNode;
  empty: ReactNode;
  /**
   * Whether a place is one of the page's lists. A document of another (left open on another page,
   * or moved out of this page's lists) is not shown here, and is closed.
   */
  shows: (place: DocumentPlace) => boolean;
}) {
  const stored = useDocumentsStore(documentsSelectors.open);
  const actions = useDocumentsStore(documentsSelectors.actions);
  const open = stored && shows(stored.place) ? stored : null;
  const foreign = stored !== null && open === null;
  useEffect(() => {
    if (foreign) actions.close();
  }, [actions, foreign]);
  if (!open) {
    return (
      <Paper withBorder radius="md">
        <EmptyBlock
          icon={<IconFileText size={28} aria-hidden />}
          title="No document open"
          description={empty}
        />
      </Paper>
    );
  }
  if (open.status === 'error') {
    return (
      <ErrorState
        title={`${open.name}.md could not be opened`}
        message={open.error ?? ''}
        onRetry={() => void actions.reload()}
      />
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      {open.status === 'loading' ? (
        <Box py="xl">
          <Loader size="sm" aria-label={`Opening ${open.name}.md`} />
        </Box>
      ) : (
        <EditorSession
          key={`${placeKey(open.place)}/${open.name}/${open.loads}`}
          open={open}
          toolbar={toolbar?.(open)}
        />
      )}
    </Paper>
  );
}
