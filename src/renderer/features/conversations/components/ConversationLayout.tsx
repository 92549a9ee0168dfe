import '../conversations.css';
import '../../../ui/chat/chat.css';
import { Drawer } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { preloadChatMarkdown } from '../../../ui/chat/ChatMarkdown';
import type { ChatRef } from '../model';
import { warmUpPlanLayout } from '../model/plan-layout';
import { Inspector } from './Inspector';
import { preloadPlanCanvas } from './plan/PlanPanel';

/** Wide enough for chats, the conversation and the inspector side by side. */
const THREE_COLUMNS = '(min-width: 72em)';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Troupe`;
  }, [title]);
}

export type InspectorToggle = { open: boolean; toggle: () => void };

/**
 * The messenger layout of both conversation pages: chats | conversation | inspector, the inspector
 * in a drawer on narrow screens, where the chats and the conversation take turns (`showChat`).
 */
export function ConversationLayout({
  sidebarLabel,
  sidebar,
  chatRef,
  showChat,
  children,
}: {
  /** The accessible name of the left column. */
  sidebarLabel: string;
  sidebar: ReactNode;
  /** The open chat, whose inspector is shown; null when none is. */
  chatRef: ChatRef | null;
  /** On narrow screens, show the middle column rather than the chats. */
  showChat: boolean;
  /** The middle column, given the inspector's toggle for its header button. */
  children: (inspector: InspectorToggle) => ReactNode;
}) {
  const wide = useMediaQuery(THREE_COLUMNS, true, { getInitialValueInEffect: false });
  const [inspectorOpen, inspector] = useDisclosure(true);
  const [drawerOpen, drawer] = useDisclosure(false);
  const showInspector = wide && inspectorOpen && chatRef !== null;
  // The first chat opened draws at once: the agent's markdown, and the inspector's plan (its view
  // and its layout engine), get ready as the page opens.
  useEffect(() => {
    preloadChatMarkdown();
    preloadPlanCanvas();
    return warmUpPlanLayout();
  }, []);

  return (
    <div
      className="pg-layout"
      data-inspector={showInspector ? 'open' : 'closed'}
      data-chat-open={String(showChat)}
    >
      <aside className="pg-sidebar" aria-label={sidebarLabel}>
        {sidebar}
      </aside>
      <section className="pg-chat" aria-label="Conversation">
        {children(
          wide
            ? { open: inspectorOpen, toggle: inspector.toggle }
            : { open: drawerOpen, toggle: drawer.toggle },
        )}
      </section>
      {showInspector && chatRef && (
        <aside className="pg-inspector" aria-label="Inspector">
          <Inspector chatRef={chatRef} />
        </aside>
      )}
      {!wide && chatRef && (
        <Drawer
          opened={drawerOpen}
          onClose={drawer.close}
          position="right"
          size="md"
          title="Inspector"
          closeButtonProps={{ 'aria-label': 'Close the inspector' }}
          styles={{
            body: { padding: 0, height: 'calc(100% - 60px)', display: 'flex', flexDirection: 'column' },
          }}
        >
          <Inspector chatRef={chatRef} />
        </Drawer>
      )}
    </div>
  );
}
