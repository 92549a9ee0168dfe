import { Anchor, Button, Code, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { misleadingLink, visibleText } from './link-target';

const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * A link in a chat message. Pointing at it shows where it really goes; one whose text names
 * another site than it opens (a stranger's "https://bank.com" leading elsewhere) asks first,
 * naming both. Either way it opens in a new tab, telling the site nothing of the console.
 */
export function ChatLink({ url, children }: { url: string; children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const misleading = misleadingLink(visibleText(children), url);
  return (
    <>
      <Tooltip
        label={url}
        openDelay={300}
        multiline
        maw={420}
        style={{ overflowWrap: 'anywhere' }}
        disabled={asking}
      >
        <Anchor
          href={url}
          {...EXTERNAL}
          inherit
          underline="always"
          aria-haspopup={misleading ? 'dialog' : undefined}
          onClick={
            misleading
              ? (event) => {
                  event.preventDefault();
                  setAsking(true);
                }
              : undefined
          }
        >
          {children}
        </Anchor>
      </Tooltip>
      {misleading && (
        <Modal
          opened={asking}
          onClose={() => setAsking(false)}
          title="This link goes somewhere else"
          centered
        >
          <Stack gap="sm">
            <Text size="sm">
              Its text says <strong>{misleading.claimed}</strong>, but it opens{' '}
              <strong>{misleading.actual}</strong>:
            </Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {url}
            </Code>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
                Cancel
              </Button>
              <Button component="a" href={url} {...EXTERNAL} color="red" onClick={() => setAsking(false)}>
                Open {misleading.actual}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
