import { Button, Paper } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Link, Redirect, Route, Switch } from 'wouter';
import type { AgentPageView } from '../features/agents/components/AgentDetailPage';
import { AGENTS_PATH, configNameFromParam } from '../features/agents/paths';
import { warmDateFormats } from '../features/conversations/model';
import {
  CONVERSATIONS_PATH,
  channelIdFromParam,
  networkFromParam,
  PLAYGROUND_PATH,
} from '../features/conversations/paths';
import { COSTS_PATH, PRICES_PATH } from '../features/costs/paths';
import { DOCUMENTS_PATH } from '../features/documents/paths';
import { MEDIA_PATH, uniqueIdFromParam } from '../features/media/paths';
import { PageHeader } from '../ui/PageHeader';
import { EmptyBlock, LoadingState } from '../ui/states';
import { preloadPages, whenIdle } from './lazy-page';
import {
  AgentDetailPage,
  AgentsPage,
  ConversationsPage,
  CostsPage,
  DocumentsPage,
  MediaEditorPage,
  PAGES_AHEAD,
  PlaygroundPage,
  SETTINGS_PATH,
  SettingsPage,
} from './page-chunks';

/** `#/agents/:configName/memory[/:network[/:partnerId]]`: the agent's page on its Memory tab. */
function memoryView(params: { network?: string | undefined; partnerId?: string | undefined }): AgentPageView {
  return {
    tab: 'memory',
    network: networkFromParam(params.network),
    partnerId: channelIdFromParam(params.partnerId),
  };
}

/** `#/agents/:configName/media[/:network]`: the agent's page on its Media tab. */
function mediaView(params: { network?: string | undefined }): AgentPageView {
  return { tab: 'media', network: networkFromParam(params.network) };
}

/** `#/agents/:configName/plans[/:network]`: the agent's page on its Plans tab. */
function plansView(params: { network?: string | undefined }): AgentPageView {
  return { tab: 'plans', network: networkFromParam(params.network) };
}

/** `#/agents/:configName/edit[/:field]`: the agent's Overview with its editor open, at the field. */
function editView(params: { field?: string | undefined }): AgentPageView {
  return { tab: 'overview', edit: params.field === 'daily-schedule' ? params.field : 'all' };
}

function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Paper withBorder radius="md">
        <EmptyBlock
          icon={<IconMapOff size={28} aria-hidden />}
          title="There is no such page"
          description="The address may be mistyped, or the page moved."
        >
          <Button component={Link} href={AGENTS_PATH} variant="default">
            Go to agents
          </Button>
        </EmptyBlock>
      </Paper>
    </>
  );
}

/**
 * The console's pages, under the hash router: `#/agents`, `#/agents/:configName[/memory[/:network[/:partnerId]]]`,
 * `#/agents/:configName/media[/:network]`, `#/agents/:configName/plans[/:network]`, `#/agents/:configName/costs`,
 * `#/conversations[/:agent[/:channelId[/:messageId]]]`, `#/playground[/...]` alike,
 * `#/media[/:uniqueId]`, `#/costs[/agent/:agent]`, `#/costs/prices[/add/:provider/:model]`, `#/settings`,
 * `#/documents`, `#/agents/:configName/documents`, `#/agents/:configName/schedule`,
 * `#/agents/:configName/edit[/:field]`.
 */
export function ConsoleRoutes() {
  // Idle time before the first visits: the pages' chunks, and the date formats their lists draw.
  useEffect(
    () =>
      whenIdle(() => {
        preloadPages(PAGES_AHEAD);
        warmDateFormats();
      }),
    [],
  );
  return (
    <Suspense fallback={<LoadingState label="Loading the page…" />}>
      <ConsoleSwitch />
    </Suspense>
  );
}

function ConsoleSwitch() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={AGENTS_PATH} replace />
      </Route>
      <Route path={AGENTS_PATH} component={AgentsPage} />
      <Route path={`${AGENTS_PATH}/:configName`}>
        {(params) => <AgentDetailPage configName={configNameFromParam(params.configName)} />}
      </Route>
      {/* The tabs draw the same page, so that switching them keeps it (and its agent) loaded. */}
      <Route path={`${AGENTS_PATH}/:configName/memory/:network?`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={memoryView(params)} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/memory/:network/:partnerId`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={memoryView(params)} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/media/:network?`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={mediaView(params)} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/plans/:network?`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={plansView(params)} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/costs`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={{ tab: 'costs' }} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/schedule`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={{ tab: 'schedule' }} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/edit/:field?`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={editView(params)} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/documents`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={{ tab: 'documents' }} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/profile`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={{ tab: 'profile' }} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/contacts`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={{ tab: 'contacts' }} />
        )}
      </Route>
      <Route path={`${AGENTS_PATH}/:configName/groups`}>
        {(params) => (
          <AgentDetailPage configName={configNameFromParam(params.configName)} view={{ tab: 'groups' }} />
        )}
      </Route>
      <Route path={DOCUMENTS_PATH} component={DocumentsPage} />
      <Route path={CONVERSATIONS_PATH}>
        <ConversationsPage agent={null} channelId={null} />
      </Route>
      <Route path={`${CONVERSATIONS_PATH}/:agent`}>
        {(params) => <ConversationsPage agent={configNameFromParam(params.agent)} channelId={null} />}
      </Route>
      <Route path={`${CONVERSATIONS_PATH}/:agent/:channelId/:messageId?`}>
        {(params) => (
          <ConversationsPage
            agent={configNameFromParam(params.agent)}
            channelId={channelIdFromParam(params.channelId)}
            messageId={channelIdFromParam(params.messageId)}
          />
        )}
      </Route>
      <Route path={PLAYGROUND_PATH}>
        <PlaygroundPage agent={null} channelId={null} />
      </Route>
      <Route path={`${PLAYGROUND_PATH}/:agent`}>
        {(params) => <PlaygroundPage agent={configNameFromParam(params.agent)} channelId={null} />}
      </Route>
      <Route path={`${PLAYGROUND_PATH}/:agent/:channelId/:messageId?`}>
        {(params) => (
          <PlaygroundPage
            agent={configNameFromParam(params.agent)}
            channelId={channelIdFromParam(params.channelId)}
            messageId={channelIdFromParam(params.messageId)}
          />
        )}
      </Route>
      <Route path={MEDIA_PATH}>
        <MediaEditorPage />
      </Route>
      <Route path={`${MEDIA_PATH}/:uniqueId`}>
        {(params) => <MediaEditorPage uniqueId={uniqueIdFromParam(params.uniqueId)} />}
      </Route>
      <Route path={COSTS_PATH}>
        <CostsPage tab="usage" />
      </Route>
      <Route path={`${COSTS_PATH}/agent/:agent`}>
        {(params) => <CostsPage tab="usage" agent={configNameFromParam(params.agent)} />}
      </Route>
      <Route path={PRICES_PATH}>
        <CostsPage tab="prices" />
      </Route>
      <Route path={`${PRICES_PATH}/add/:provider/:model`}>
        {(params) => (
          <CostsPage
            tab="prices"
            priceRequest={{ provider: params.provider, model: configNameFromParam(params.model) }}
          />
        )}
      </Route>
      <Route path={SETTINGS_PATH} component={SettingsPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
