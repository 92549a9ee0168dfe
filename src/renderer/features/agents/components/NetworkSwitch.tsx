import { SegmentedControl } from '@mantine/core';
import type { Network } from '../../../../shared/api/conversation-contract';
import { NETWORK_LABELS } from '../../conversations/model';

const NETWORK_OPTIONS = [
  { value: 'telegram', label: NETWORK_LABELS.telegram },
  { value: 'simulator', label: NETWORK_LABELS.simulator },
];

/** Which network an agent's tab shows (Telegram and the Simulator keep apart what they hold). */
export function NetworkSwitch({ value, onChange }: { value: Network; onChange: (network: Network) => void }) {
  return (
    <SegmentedControl
      aria-label="Network"
      size="sm"
      data={NETWORK_OPTIONS}
      value={value}
      onChange={(network) => onChange(network as Network)}
    />
  );
}
