import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Button,
  Group,
  NavLink,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChartBar,
  IconFileText,
  IconLogout,
  IconMasksTheater,
  IconMessageChatbot,
  IconMessages,
  IconPhoto,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import type { Network } from '../../shared/api/conversation-contract';
import { errorMessage } from '../api/errors';
import { AGENTS_PATH } from '../features/agents/paths';
import { CONVERSATIONS_PATH, PLAYGROUND_PATH } from '../features/conversations/paths';
import { NavDraftsCount, WaitingDraftsMenu } from '../features/copilot/components/WaitingDrafts';
import { COSTS_PATH } from '../features/costs/paths';
import { DOCUMENTS_PATH } from '../features/documents/paths';
import { MEDIA_PATH } from '../features/media/paths';
import { sessionSelectors, useSessionStore } from '../features/session/store';
import { settingsSelectors } from '../features/settings/selectors';
import { useSettingsStore } from '../features/settings/store';
import { ConnectionBanner } from './ConnectionBanner';
import { preloadPageAt, SETTINGS_PATH } from './page-chunks';
import { ThemeSwitch } from './ThemeSwitch';

const MAIN_ID = 'main-content';

/** `network`: the page of that network's conversations, which counts the drafts waiting there. */
const NAV_ITEMS: ReadonlyArray<{
  href: string;
  label: string;
  Icon: typeof IconUsers;
  network?: Network;
}> = [
  { href: AGENTS_PATH, label: 'Agents', Icon: IconUsers },
  { href: CONVERSATIONS_PATH, label: 'Conversations', Icon: IconMessages, network: 'telegram' },
  { href: PLAYGROUND_PATH, label: 'Playground', Icon: IconMessageChatbot, network: 'simulator' },
  { href: MEDIA_PATH, label: 'Media', Icon: IconPhoto },
  { href: COSTS_PATH, label: 'Costs', Icon: IconChartBar },
  { href: DOCUMENTS_PATH, label: 'Documents', Icon: IconFileText },
  { href: SETTINGS_PATH, label: 'Settings', Icon: IconSettings },
];

function isActive(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}

/** Pages that use the whole window below the header (the messenger layout of the conversation pages). */
function isFullBleed(location: string): boolean {
  return isActive(location, PLAYGROUND_PATH) || isActive(location, CONVERSATIONS_PATH);
}

/**
 * Focuses the main region instead of following the href: with hash routing, `#main-content`
 * would be taken for a route.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

function SignOutButton() {
  const { signOut } = useSessionStore(sessionSelectors.actions);
  const onClick = async () => {
    try {
      await signOut();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not sign out', message: errorMessage(error) });
    }
  };
  // On a phone it is an icon, leaving the header room for the drafts waiting.
  return (
    <>
      <Tooltip label="Sign out" openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={30}
          hiddenFrom="sm"
          aria-label="Sign out"
          onClick={() => void onClick()}
        >
          <IconLogout size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        visibleFrom="sm"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => void onClick()}
      >
        Sign out
      </Button>
    </>
  );
}

function VersionLine() {
  const info = useSettingsStore(settingsSelectors.info);
  if (!info) return null;
  return (
    <Text size="xs" c="dimmed">
      {info.name} {info.version} · {info.mode === 'desktop' ? 'desktop' : 'server'}
    </Text>
  );
}

/** The frame around every page: header, navigation, skip link and the connection banner. */
export function Shell({ canSignOut, children }: { canSignOut: boolean; children: ReactNode }) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [location] = useLocation();
  const fullBleed = isFullBleed(location);
  // Full-window pages get the room of the navigation: it shrinks to an icon rail beside them.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const rail = fullBleed && wide;
  const { loadInfo } = useSettingsStore(settingsSelectors.actions);

  useEffect(() => {
    void loadInfo();
  }, [loadInfo]);

  // A new page starts at its top with the mobile menu closed; the hash router keeps the
  // document, so neither happens on its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: following the location is the point
  useEffect(() => {
    closeNav();
    window.scrollTo(0, 0);
  }, [location, closeNav]);

  return (
    <>
      <a href={`#${MAIN_ID}`} className="troupe-skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: rail ? 64 : 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding={0}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpened}
                onClick={toggleNav}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
              />
              <ThemeIcon
                size={30}
                radius="md"
                variant="gradient"
                gradient={{ from: 'indigo', to: 'grape', deg: 135 }}
                aria-hidden
              >
                <IconMasksTheater size={18} />
              </ThemeIcon>
              <Title order={1} fz={18} fw={700} lts={-0.2}>
                Troupe
              </Title>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <WaitingDraftsMenu />
              <ThemeSwitch />
              {canSignOut && <SignOutButton />}
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p={rail ? 8 : 'sm'} aria-label="Main">
          <AppShell.Section grow>
            {NAV_ITEMS.map(({ href, label, Icon, network }) => {
              const active = isActive(location, href);
              const link = (
                <NavLink
                  key={href}
                  component={Link}
                  href={href}
                  label={rail ? <VisuallyHidden>{label}</VisuallyHidden> : label}
                  leftSection={<Icon size={rail ? 22 : 18} stroke={1.6} aria-hidden />}
                  rightSection={network && <NavDraftsCount network={network} rail={rail} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  // The occasional pages are fetched when reached for (page-chunks.ts).
                  onPointerEnter={() => preloadPageAt(href)}
                  onFocus={() => preloadPageAt(href)}
                  className={rail ? 'troupe-nav-link troupe-nav-rail' : 'troupe-nav-link'}
                  variant="light"
                  mb={rail ? 4 : 2}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
              return rail ? (
                <Tooltip key={href} label={label} position="right" openDelay={200}>
                  {link}
                </Tooltip>
              ) : (
                link
              );
            })}
          </AppShell.Section>
          {!rail && (
            <AppShell.Section px="xs" pb={4}>
              <VersionLine />
            </AppShell.Section>
          )}
        </AppShell.Navbar>

        <AppShell.Main id={MAIN_ID} tabIndex={-1} className={fullBleed ? 'troupe-main-full' : undefined}>
          <Box pos="sticky" top={56} style={{ zIndex: 50 }}>
            <ConnectionBanner />
          </Box>
          {fullBleed ? (
            <Box className="troupe-full-bleed">{children}</Box>
          ) : (
            <Box px={{ base: 'md', md: 'xl' }} py="xl" maw={1280} mx="auto">
              {children}
            </Box>
          )}
        </AppShell.Main>
      </AppShell>
    </>
  );
}
