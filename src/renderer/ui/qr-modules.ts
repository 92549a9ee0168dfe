import QRCode from 'qrcode';

/** Light modules ISO/IEC 18004 asks for around the symbol, so scanners find its edge. */
export const QUIET_ZONE_MODULES = 4;

/**
 * `text` as a QR symbol at error correction level M: rows of modules, top to bottom, true for
 * dark. Encoding is the `qrcode` package's (maintained, dependency-free in the browser, and its
 * symbols match libqrencode's), so the console carries no encoder of its own.
 */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
  );
}

/**
 * One SVG path drawing every dark module, in module units with the symbol's top-left at (0, 0);
 * horizontal runs are merged into one rectangle each to keep the path short.
 */
export function qrPathData(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join('');
}
