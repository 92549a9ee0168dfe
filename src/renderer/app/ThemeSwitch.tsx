import { ActionIcon, type MantineColorScheme, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import type { ComponentType } from 'react';

const OPTIONS: ReadonlyArray<{
  value: MantineColorScheme;
  label: string;
  Icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
}> = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'auto', label: 'Match system', Icon: IconDeviceDesktop },
];

/**
 * Light, dark or auto, as three toggle buttons in a group named "Color scheme". Mantine's
 * color scheme manager remembers the choice in localStorage.
 */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <ActionIcon.Group role="group" aria-label="Color scheme">
      {OPTIONS.map(({ value, label, Icon }) => {
        const active = colorScheme === value;
        return (
          <Tooltip key={value} label={label} openDelay={400}>
            <ActionIcon
              size={30}
              variant={active ? 'light' : 'default'}
              aria-label={label}
              aria-pressed={active}
              onClick={() => setColorScheme(value)}
            >
              <Icon size={16} stroke={1.7} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </ActionIcon.Group>
  );
}
