// Draws the studio's icon and writes every file electron-builder takes from build/: icon.png
// (1024 px), icons/<n>x<n>.png for Linux, icon.ico for Windows and icon.icns for macOS. Run
// with `npx tsx desktop/scripts/make-icons.ts` after changing the drawing; the files are
// committed, so packaging needs no image tool.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];

const BLUE: Rgba = [29, 78, 216, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const RED: Rgba = [205, 42, 62, 255];
const GREEN: Rgba = [67, 111, 77, 255];
// Bar heights of the waveform motif, as fractions of the icon.
const BARS = [0.18, 0.34, 0.5, 0.28, 0.42, 0.22, 0.12];

/** The colour at (x, y) in a 1×1 square, or null outside the icon (transparent). */
function paint(x: number, y: number): Rgba | null {
  const margin = 0.06;
  const radius = 0.2;
  const inner = { left: margin, top: margin, right: 1 - margin, bottom: 1 - margin };
  const cx = Math.min(Math.max(x, inner.left + radius), inner.right - radius);
  const cy = Math.min(Math.max(y, inner.top + radius), inner.bottom - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return null;
  // The Hungarian tricolour along the bottom.
  if (y > 0.78) return x < 0.36 ? RED : x < 0.64 ? WHITE : GREEN;
  const barWidth = 0.07;
  const gap = 0.035;
  const start = 0.5 - (BARS.length * barWidth + (BARS.length - 1) * gap) / 2;
  const middle = 0.45;
  for (const [i, height] of BARS.entries()) {
    const left = start + i * (barWidth + gap);
    const half = height / 2;
    const r = barWidth / 2;
    const bx = Math.min(Math.max(x, left + r), left + barWidth - r);
    const by = Math.min(Math.max(y, middle - half + r), middle + half - r);
    if ((x - bx) ** 2 + (y - by) ** 2 <= r ** 2) return WHITE;
  }
  return BLUE;
}

/** RGBA pixels of the icon at `size`, 4×4 supersampled so edges are smooth. */
function render(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = paint(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
          );
          if (!colour) continue;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (colour[c] ?? 0) * (colour[3] / 255);
          sum[3] = (sum[3] ?? 0) + colour[3];
        }
      }
      const n = samples * samples;
      const alpha = (sum[3] ?? 0) / n;
      const at = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        pixels[at + c] = alpha > 0 ? Math.round(((sum[c] ?? 0) / n) * (255 / alpha)) : 0;
      }
      pixels[at + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function png(size: number): Buffer {
  const pixels = render(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(pixels.buffer, y * size * 4, size * 4).copy(rows, y * (size * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Windows .ico holding PNG images (Vista and later read PNG entries). */
function ico(images: readonly { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header[at] = size >= 256 ? 0 : size;
    header[at + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

/** macOS .icns holding PNG images under their type codes. */
function icns(images: readonly { type: string; data: Buffer }[]): Buffer {
  const parts = images.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

export const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];

export function writeIcons(dir: string): void {
  mkdirSync(join(dir, 'icons'), { recursive: true });
  const bySize = new Map(LINUX_SIZES.map((size) => [size, png(size)]));
  const at = (size: number) => bySize.get(size) ?? png(size);
  for (const size of LINUX_SIZES)
    writeFileSync(join(dir, 'icons', `${size}x${size}.png`), at(size));
  writeFileSync(join(dir, 'icon.png'), at(1024));
  writeFileSync(
    join(dir, 'icon.ico'),
    ico([16, 32, 48, 64, 128, 256].map((size) => ({ size, data: at(size) }))),
  );
  writeFileSync(
    join(dir, 'icon.icns'),
    icns([
      { type: 'ic07', data: at(128) },
      { type: 'ic08', data: at(256) },
      { type: 'ic09', data: at(512) },
      { type: 'ic10', data: at(1024) },
    ]),
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  writeIcons(join(import.meta.dirname, '..', '..', 'build'));
}
