import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { shownJobs } from '../jobs-model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';
import { JobRow } from './JobRow';

/**
 * The media jobs: every queued and running one with its progress, then the latest finished;
 * listed once, then moved on live by `media.jobChanged`. Nothing shows until there is a job.
 */
export function JobsPanel() {
  const jobs = useMediaStore(mediaSelectors.jobs);
  const { loadJobs } = useMediaStore(mediaSelectors.actions);
  const [all, setAll] = useState(false);
  const headingId = useId();

  useEffect(() => {
    if (jobs.status === 'idle') void loadJobs();
  }, [jobs.status, loadJobs]);

  if (jobs.value.length === 0) {
    return jobs.status === 'error' ? (
      <Text size="sm" c="red.7" role="alert" mb="md">
        The media jobs could not be listed: {jobs.error}
      </Text>
    ) : null;
  }
  const { shown, hidden } = shownJobs(jobs.value, all);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md" mb="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} id={headingId} fz="sm" fw={650}>
          Jobs
        </Title>
        {(hidden > 0 || all) && (
          <Anchor component="button" type="button" size="xs" onClick={() => setAll((shownAll) => !shownAll)}>
            {all ? 'Show fewer' : `Show ${hidden} older`}
          </Anchor>
        )}
      </Group>
      <ul className="me-jobs">
        {shown.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </ul>
    </Paper>
  );
}
