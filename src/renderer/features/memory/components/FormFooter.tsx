import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApiForm } from './useApiForm';

/** The end of an inline memory form: why the save failed, then Cancel and Save (`start` on the left). */
export function FormFooter({
  form,
  saveLabel,
  onCancel,
  start,
}: {
  form: Pick<ApiForm, 'formError' | 'saving'>;
  saveLabel: string;
  onCancel: () => void;
  start?: ReactNode;
}) {
  return (
    <>
      {form.formError && (
        <Alert role="alert" color="red" variant="light" p="xs" title="Not saved">
          {form.formError}
        </Alert>
      )}
      <Group gap="xs" justify={start ? 'space-between' : 'flex-end'}>
        {start}
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onCancel} disabled={form.saving}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={form.saving}>
            {saveLabel}
          </Button>
        </Group>
      </Group>
    </>
  );
}
