import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Field = { label: string; value: ReactNode };

/**
 * Label/value pairs as a description list (`term` / `definition` to assistive tech): stacked,
 * or `inline` with the value on the label's row, for short values such as flags.
 */
export function FieldList({ fields, inline = false }: { fields: readonly Field[]; inline?: boolean }) {
  return (
    <dl className={inline ? 'troupe-field-list troupe-field-list-inline' : 'troupe-field-list'}>
      {fields.map((field) => (
        <div key={field.label} className="troupe-field">
          {inline ? (
            <Text component="dt" size="sm" c="dimmed">
              {field.label}
            </Text>
          ) : (
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
              {field.label}
            </Text>
          )}
          <Text component="dd" size="sm" m={0}>
            {field.value}
          </Text>
        </div>
      ))}
    </dl>
  );
}

/** The value for an optional field that is not set, with what that means. */
export function NotSet({ children = 'not set' }: { children?: ReactNode }) {
  return (
    <Text component="span" inherit c="dimmed" fs="italic">
      {children}
    </Text>
  );
}
