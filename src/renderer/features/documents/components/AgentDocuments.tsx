import '../documents.css';
import { Box, Grid, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo } from 'react';
import type { DocumentPlace } from '../../../../shared/api/documents-contract';
import { ErrorState, LoadingState } from '../../../ui/states';
import { moveTargets, samePlace } from '../model';
import { documentsSelectors } from '../selectors';
import { useDocumentsStore } from '../store';
import { DocumentEditor, preloadMarkdownEditor } from './DocumentEditor';
import { DocumentList } from './DocumentList';

/**
 * An agent page's Documents tab: the agent's own documents (`agents/<ConfigName>/docs/` of its
 * config directory), edited like the shared ones, and movable to its directory's shared documents.
 */
export function AgentDocuments({ configName, agentName }: { configName: string; agentName: string }) {
  const docs = useDocumentsStore(useMemo(() => documentsSelectors.agentDocs(configName), [configName]));
  const actions = useDocumentsStore(documentsSelectors.actions);
  const place: DocumentPlace = useMemo(() => ({ kind: 'agent', agent: configName }), [configName]);
  // Only this agent's documents show here: one moved to the shared documents is closed.
  const shows = useCallback((open: DocumentPlace) => samePlace(open, place), [place]);

  useEffect(() => {
    void actions.loadAgentDocs(configName);
    preloadMarkdownEditor();
    // The page's editor starts empty: a document open elsewhere is not this agent's.
    actions.close();
  }, [actions, configName]);

  if (docs?.status === 'error') {
    return (
      <ErrorState
        title="The agent’s documents could not be listed"
        message={docs.error ?? ''}
        onRetry={() => void actions.loadAgentDocs(configName)}
      />
    );
  }
  if (docs?.status !== 'ready') return <LoadingState label="Listing documents…" />;
  const targets = moveTargets(
    place,
    [],
    docs.configDir ? { agent: configName, configDir: docs.configDir } : null,
  );

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {docs.folder}
            </Text>
            <DocumentList
              title={`${agentName}’s documents`}
              what="document"
              place={place}
              entries={docs.docs}
              targets={targets}
            />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        {/* Sticky from tablet width, as on the Documents page (documents.css). */}
        <Box className="troupe-documents-editor">
          <DocumentEditor
            shows={shows}
            empty={`Pick one of ${agentName}’s documents, or create one with New.`}
          />
        </Box>
      </Grid.Col>
    </Grid>
  );
}
