import { useMemo } from 'react';
import { QUIET_ZONE_MODULES, qrModules, qrPathData } from './qr-modules';

/**
 * `value` as a QR code in SVG. Always dark on white with its quiet zone, whatever the theme:
 * phone cameras read light-on-dark codes poorly.
 */
export function QrCode({ value, size = 220, label }: { value: string; size?: number; label: string }) {
  const modules = useMemo(() => qrModules(value), [value]);
  const extent = modules.length + 2 * QUIET_ZONE_MODULES;
  const path = useMemo(() => qrPathData(modules), [modules]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-QUIET_ZONE_MODULES} ${-QUIET_ZONE_MODULES} ${extent} ${extent}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', borderRadius: 8 }}
    >
      <rect x={-QUIET_ZONE_MODULES} y={-QUIET_ZONE_MODULES} width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
