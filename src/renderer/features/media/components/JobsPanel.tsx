import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { panelJobs } from '../jobs-model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';
import { FinishedJobRow, JobRow } from './JobRow';

/**
 * The media jobs: every queued and running one with its progress, then the finished ones in one
 * line each, only the newest until asked for all, each dismissed on its own or all at once; listed
 * once, then moved on live by `media.jobChanged`. Nothing shows while no job runs or waits to be
 * dismissed.
 */
export function JobsPanel() {
  const jobs = useMediaStore(mediaSelectors.jobs);
  const dismissed = useMediaStore(mediaSelectors.dismissedJobs);
  const { loadJobs, dismissJobs } = useMediaStore(mediaSelectors.actions);
  const [all, setAll] = useState(false);
  const headingId = useId();

  useEffect(() => {
    if (jobs.status === 'idle') void loadJobs();
  }, [jobs.status, loadJobs]);

  const { active, finished } = panelJobs(jobs.value, dismissed);
  if (active.length === 0 && finished.length === 0) {
    return jobs.status === 'error' ? (
      <Text size="sm" c="red.7" role="alert" mb="md">
        The media jobs could not be listed: {jobs.error}
      </Text>
    ) : null;
  }
  const shownFinished = all ? finished : finished.slice(0, 1);
  const more = finished.length - shownFinished.length;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" px="md" py="sm" mb="md">
      <Group justify="space-between" gap="xs" mb={6}>
        <Title order={2} id={headingId} fz="sm" fw={650}>
          Jobs
        </Title>
        {finished.length > 1 && (
          <Group gap="md">
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() => setAll((shownAll) => !shownAll)}
            >
              {all ? 'Show fewer' : `Show ${more} more finished`}
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="xs"
              c="dimmed"
              onClick={() => {
                dismissJobs(finished.map((job) => job.id));
                setAll(false);
              }}
            >
              Dismiss all finished
            </Anchor>
          </Group>
        )}
      </Group>
      <ul className="me-jobs">
        {active.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
        {shownFinished.map((job) => (
          <FinishedJobRow key={job.id} job={job} />
        ))}
      </ul>
    </Paper>
  );
}
