import { Button, Paper } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link, Redirect, Route, Switch } from 'wouter';
import { AgentDetailPage } from '../features/agents/components/AgentDetailPage';
import { AgentsPage } from '../features/agents/components/AgentsPage';
import { AGENTS_PATH, configNameFromParam } from '../features/agents/paths';
import { ConversationsPage } from '../features/conversations/components/ConversationsPage';
import { CONVERSATIONS_PATH, channelIdFromParam, PLAYGROUND_PATH } from '../features/conversations/paths';
import { PlaygroundPage } from '../features/playground/components/PlaygroundPage';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { PageHeader } from '../ui/PageHeader';
import { EmptyBlock } from '../ui/states';

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
 * The console's pages, under the hash router: `#/agents`, `#/agents/:configName`,
 * `#/conversations[/:agent[/:channelId]]`, `#/playground[/:agent[/:channelId]]`, `#/settings`.
 */
export function ConsoleRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={AGENTS_PATH} replace />
      </Route>
      <Route path={AGENTS_PATH} component={AgentsPage} />
      <Route path={`${AGENTS_PATH}/:configName`}>
        {(params) => <AgentDetailPage configName={configNameFromParam(params.configName)} />}
      </Route>
      <Route path={CONVERSATIONS_PATH}>
        <ConversationsPage agent={null} channelId={null} />
      </Route>
      <Route path={`${CONVERSATIONS_PATH}/:agent`}>
        {(params) => <ConversationsPage agent={configNameFromParam(params.agent)} channelId={null} />}
      </Route>
      <Route path={`${CONVERSATIONS_PATH}/:agent/:channelId`}>
        {(params) => (
          <ConversationsPage
            agent={configNameFromParam(params.agent)}
            channelId={channelIdFromParam(params.channelId)}
          />
        )}
      </Route>
      <Route path={PLAYGROUND_PATH}>
        <PlaygroundPage agent={null} channelId={null} />
      </Route>
      <Route path={`${PLAYGROUND_PATH}/:agent`}>
        {(params) => <PlaygroundPage agent={configNameFromParam(params.agent)} channelId={null} />}
      </Route>
      <Route path={`${PLAYGROUND_PATH}/:agent/:channelId`}>
        {(params) => (
          <PlaygroundPage
            agent={configNameFromParam(params.agent)}
            channelId={channelIdFromParam(params.channelId)}
          />
        )}
      </Route>
      <Route path="/settings" component={SettingsPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
