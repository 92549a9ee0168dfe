import '../documents.css';
import { Badge, Box, Grid, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { DocumentDir, DocumentPlace } from '../../../../shared/api/documents-contract';
import { PageHeader } from '../../../ui/PageHeader';
import { PathText } from '../../../ui/PathText';
import { ErrorState, LoadingState } from '../../../ui/states';
import { moveTargets, shippedPromptState } from '../model';
import { documentsSelectors } from '../selectors';
import { useDocumentsStore } from '../store';
import { DocumentEditor, preloadMarkdownEditor } from './DocumentEditor';
import { DocumentList } from './DocumentList';
import { OverrideShipped } from './OverrideShipped';

function DirectoryCard({ dir, dirs }: { dir: DocumentDir; dirs: readonly DocumentDir[] }) {
  const prompts = { kind: 'prompts', configDir: dir.configDir } as const;
  const docs = { kind: 'docs', configDir: dir.configDir } as const;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Config directory ${dir.configDir}`}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <PathText path={dir.configDir} size="sm" />
          {dir.shipped && (
            <Badge size="xs" variant="light" color="gray">
              shipped with Troupe
            </Badge>
          )}
        </Group>
        <DocumentList
          title="Role prompts"
          what="role prompt"
          place={prompts}
          entries={dir.prompts}
          targets={moveTargets(prompts, dirs)}
        />
        <DocumentList
          title="Shared documents"
          what="document"
          place={docs}
          entries={dir.docs}
          targets={moveTargets(docs, dirs)}
        />
      </Stack>
    </Paper>
  );
}

function ShippedPromptsCard() {
  const { shippedPrompts } = useDocumentsStore(documentsSelectors.list);
  const open = useDocumentsStore(documentsSelectors.open);
  const actions = useDocumentsStore(documentsSelectors.actions);
  if (shippedPrompts.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Prompts shipped with Troupe">
      <Group gap={6} mb={4}>
        <IconLock size={14} aria-hidden />
        <Text size="sm" fw={600}>
          Prompts shipped with Troupe
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        Read only; override one to change it.
      </Text>
      {shippedPrompts.map((prompt) => (
        <NavLink
          key={prompt.name}
          component="button"
          type="button"
          py={2}
          active={open?.place.kind === 'shipped' && open.name === prompt.name}
          label={<Text size="sm">{prompt.name}</Text>}
          description={shippedPromptState(prompt)}
          onClick={() => void actions.open({ kind: 'shipped' }, prompt.name)}
        />
      ))}
    </Paper>
  );
}

/** The page lists the config directories' prompts and documents and the shipped prompts, not an agent's. */
const isListedHere = (place: DocumentPlace) => place.kind !== 'agent';

/**
 * `#/documents`: every loaded config directory's role prompts (`prompts/`) and shared documents
 * (`docs/`), with the agents using each prompt, and the open one in the markdown editor beside them.
 */
export function DocumentsPage() {
  const list = useDocumentsStore(documentsSelectors.list);
  const actions = useDocumentsStore(documentsSelectors.actions);

  useEffect(() => {
    void actions.loadList();
    preloadMarkdownEditor();
  }, [actions]);

  return (
    <>
      <PageHeader
        title="Documents"
        description="Role prompts and shared documents of each config directory, saved as you type."
      />
      {list.status === 'error' ? (
        <ErrorState
          title="The documents could not be listed"
          message={list.error ?? ''}
          onRetry={() => void actions.loadList()}
        />
      ) : list.status !== 'ready' ? (
        <LoadingState label="Listing documents…" />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Stack gap="md">
              {list.dirs.map((dir) => (
                <DirectoryCard key={dir.configDir} dir={dir} dirs={list.dirs} />
              ))}
              <ShippedPromptsCard />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            {/* Sticky from tablet width (documents.css): the open document is in view wherever the lists are scrolled. */}
            <Box className="troupe-documents-editor">
              <DocumentEditor
                shows={isListedHere}
                empty="Pick a role prompt or document to edit it, or create one with New."
                toolbar={(open) => (open.readOnly ? <OverrideShipped open={open} dirs={list.dirs} /> : null)}
              />
            </Box>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
