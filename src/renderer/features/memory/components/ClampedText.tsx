import { Spoiler, Text } from '@mantine/core';

/** A long memory text (a summary, a topic) cut to a few lines, with Show more. */
export function ClampedText({ text, maxHeight }: { text: string; maxHeight: number }) {
  return (
    <Spoiler maxHeight={maxHeight} showLabel="Show more" hideLabel="Show less" fz="xs">
      <Text size="sm" className="mem-text">
        {text}
      </Text>
    </Spoiler>
  );
}
