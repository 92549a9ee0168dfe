import { ActionIcon, Badge, Button, Group, Progress, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { MediaJob } from '../../../../shared/api/media-contract';
import { RelativeTime } from '../../../ui/RelativeTime';
import { useApiForm } from '../../memory/components/useApiForm';
import { isActive, jobDirectory, jobPercent, jobPlace, jobProgressLabel, jobTitle } from '../jobs-model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';
import { useConfigDirs } from './useConfigDirs';

const STATUS: Record<MediaJob['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/** Done and failed items as two sections of one bar; striped while the job lists or works. */
function JobProgress({ job, label }: { job: MediaJob; label: string }) {
  const percent = jobPercent(job);
  const running = job.status === 'running';
  if (percent === null) {
    return (
      <Progress
        value={running ? 100 : 0}
        color="gray.4"
        striped={running}
        animated={running}
        size="sm"
        aria-label={`${label}: ${jobProgressLabel(job)}`}
      />
    );
  }
  const total = job.total || 1;
  const failed = Math.round((job.failed / total) * 100);
  return (
    <Progress.Root size="sm" aria-label={`${label}: ${jobProgressLabel(job)}`}>
      <Progress.Section value={percent - failed} color="teal" animated={running} aria-label="Done" />
      {failed > 0 && <Progress.Section value={failed} color="red" aria-label="Failed" />}
    </Progress.Root>
  );
}

/** What a job does, and how it stands. */
function JobHeading({ job }: { job: MediaJob }) {
  const status = STATUS[job.status];
  return (
    <>
      <Text size="sm" fw={600}>
        {jobTitle(job)}
      </Text>
      <Badge size="sm" variant="light" color={status.color}>
        {status.label}
      </Badge>
    </>
  );
}

/** One job: what it does and where, its status and progress, why it failed, and a way to cancel it. */
export function JobRow({ job }: { job: MediaJob }) {
  const { cancelJob } = useMediaStore(mediaSelectors.actions);
  const cancel = useApiForm();
  const configDirs = useConfigDirs();
  const title = jobTitle(job);
  const problem = job.error ?? cancel.formError ?? Object.values(cancel.errors)[0] ?? null;

  return (
    <li className="me-job" aria-label={title}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <div className="me-job-heading">
          <Group gap={8} wrap="wrap">
            <JobHeading job={job} />
          </Group>
          <Text size="xs" c="dimmed" truncate title={jobDirectory(job) ?? undefined}>
            {jobPlace(job, configDirs)} · <RelativeTime iso={job.updatedAt} />
          </Text>
        </div>
        {isActive(job) && (
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconX size={13} aria-hidden />}
            loading={cancel.saving}
            onClick={() =>
              void cancel.submit(
                () => cancelJob(job.id),
                () => {},
              )
            }
            aria-label={`Cancel: ${title}`}
          >
            Cancel
          </Button>
        )}
      </Group>
      <JobProgress job={job} label={title} />
      <Text size="xs" c="dimmed" role="status">
        {jobProgressLabel(job)}
      </Text>
      {problem && (
        <Text size="xs" c="red.7" role="alert">
          {problem}
        </Text>
      )}
    </li>
  );
}

/**
 * A finished job in one line: what it did, how it ended, where and when, and why it failed; dismissing
 * takes it off the panel.
 */
export function FinishedJobRow({ job }: { job: MediaJob }) {
  const { dismissJobs } = useMediaStore(mediaSelectors.actions);
  const configDirs = useConfigDirs();
  const title = jobTitle(job);
  return (
    <li className="me-job me-job-finished" aria-label={title}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="wrap" className="me-job-line">
          <JobHeading job={job} />
          <Text size="xs" c="dimmed" className="troupe-path" title={jobDirectory(job) ?? undefined}>
            {jobProgressLabel(job)} · {jobPlace(job, configDirs)} · <RelativeTime iso={job.updatedAt} />
          </Text>
        </Group>
        <Tooltip label="Dismiss" openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Dismiss: ${title}`}
            onClick={() => dismissJobs([job.id])}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {job.error && (
        <Text size="xs" c="red.7" role="alert">
          {job.error}
        </Text>
      )}
    </li>
  );
}
