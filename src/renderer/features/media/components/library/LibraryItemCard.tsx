import { Alert, Button, Group, Text } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'wouter';
import { type LibraryItem, mediaFilePath } from '../../../../../shared/api/media-contract';
import { ConfirmAction } from '../../../../ui/ConfirmAction';
import { mediaLabel } from '../../../../ui/chat/media-label';
import { MediaView } from '../../../../ui/media/MediaView';
import type { LibraryOwner } from '../../library-model';
import { mediaEditorPath } from '../../paths';
import { mediaSelectors } from '../../selectors';
import { useMediaStore } from '../../store';
import { NO_CONFIG_DIR } from '../DescriptionEditor';
import { DescriptionField } from '../DescriptionField';

function removeQuestion(owner: LibraryOwner, kind: string): string {
  return owner.network === 'telegram'
    ? `Delete this ${kind} from ${owner.agent}'s Saved Messages? The agent can no longer send it.`
    : `Remove this ${kind} from ${owner.agent}'s library?`;
}

/**
 * One item of an agent's library: its preview, kind and id, its description (saved as typed into
 * `configDir` as a curated record), a link to it in the media editor, and removing it.
 */
export const LibraryItemCard = memo(function LibraryItemCard({
  owner,
  item,
  configDir,
  problem,
}: {
  owner: LibraryOwner;
  item: LibraryItem;
  configDir: string | null;
  /** Why the runtime refused to remove it. */
  problem: string | undefined;
}) {
  const { setLibraryDescription, removeFromLibrary, clearLibraryProblem } = useMediaStore(
    mediaSelectors.actions,
  );
  const { uniqueId, kind, description } = item;
  const kindName = mediaLabel(kind);
  return (
    <article className="me-record" aria-label={`${kindName}, ${uniqueId}`}>
      <MediaView
        src={mediaFilePath({ kind: 'library', network: owner.network, agent: owner.agent, uniqueId })}
        kind={kind}
        description={description}
        variant="tile"
      />
      <div className="me-record-main">
        {/* In a row of its own: alone in the column, the heading would take the height of a row's width. */}
        <div className="me-record-top">
          <div className="me-record-heading">
            <Text size="sm" fw={600}>
              {kindName}
            </Text>
            <Text size="xs" ff="monospace" c="dimmed" truncate title={uniqueId}>
              {uniqueId}
            </Text>
          </div>
        </div>
        <DescriptionField
          uniqueId={uniqueId}
          saved={description ?? ''}
          save={(text) =>
            configDir ? setLibraryDescription(uniqueId, text, configDir) : Promise.reject(NO_CONFIG_DIR)
          }
          footer={
            <Group gap={6} wrap="nowrap">
              <Button
                component={Link}
                href={mediaEditorPath(uniqueId)}
                size="compact-xs"
                variant="default"
                leftSection={<IconExternalLink size={13} aria-hidden />}
                aria-label={`Open ${uniqueId} in the media editor`}
              >
                Media editor
              </Button>
              <ConfirmAction
                label={`Remove ${uniqueId} from the library`}
                icon={<IconTrash size={15} aria-hidden />}
                question={removeQuestion(owner, kindName.toLowerCase())}
                confirmLabel="Remove"
                onConfirm={() => removeFromLibrary(owner, uniqueId)}
              />
            </Group>
          }
        />
        {problem && (
          <Alert
            role="alert"
            color={owner.network === 'simulator' ? 'blue' : 'red'}
            variant="light"
            p={6}
            pl="sm"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => clearLibraryProblem(owner, uniqueId)}
          >
            {problem}
          </Alert>
        )}
      </div>
    </article>
  );
});
