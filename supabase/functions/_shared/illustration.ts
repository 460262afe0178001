// A deterministic lesson illustration: the same title always gives the same picture. A sky
// gradient, a sun, rolling hills and two speech bubbles (the dialogue), with colours picked
// from a hash of the title and a palette per level. No text, no network.

import { mulberry32 } from './core/index.ts';

export const IMAGE_WIDTH = 640;
export const IMAGE_HEIGHT = 360;

type Rgb = readonly [number, number, number];

const LEVEL_HUES: Readonly<Record<string, number>> = {
  beginner: 140,
  intermediate: 40,
  advanced: 350,
};

/** FNV-1a over the UTF-8 bytes of the text (NFC first, so NFD titles draw the same). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text.normalize('NFC'))) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

/** RGB pixels of the illustration for a lesson. */
export function drawIllustration(title: string, level: string | undefined): Uint8Array {
  const w = IMAGE_WIDTH;
  const h = IMAGE_HEIGHT;
  const rnd = mulberry32(hashText(`${title}\u0000${level ?? ''}`) || 1);
  const baseHue = (LEVEL_HUES[level ?? ''] ?? 200) + (rnd() - 0.5) * 60;
  const skyTop = hsl((baseHue + 200) % 360, 0.55, 0.55 + rnd() * 0.1);
  const skyBottom = hsl((baseHue + 170) % 360, 0.6, 0.85);
  const sun = hsl((40 + rnd() * 20) % 360, 0.9, 0.65);
  const sunX = w * (0.15 + rnd() * 0.7);
  const sunY = h * (0.18 + rnd() * 0.15);
  const sunR = h * (0.08 + rnd() * 0.05);
  const hills = [0, 1, 2].map((i) => ({
    color: hsl((baseHue + i * 12) % 360, 0.45, 0.32 + i * 0.1),
    base: h * (0.55 + i * 0.12),
    amp: h * (0.05 + rnd() * 0.06),
    freq: 1 + rnd() * 2.5,
    phase: rnd() * Math.PI * 2,
  }));
  const bubbles = [0, 1].map((i) => ({
    x: w * (i === 0 ? 0.22 + rnd() * 0.1 : 0.62 + rnd() * 0.1),
    y: h * (0.3 + rnd() * 0.12),
    rx: w * (0.1 + rnd() * 0.04),
    ry: h * (0.09 + rnd() * 0.03),
    color: i === 0 ? ([255, 255, 255] as Rgb) : hsl((baseHue + 30) % 360, 0.35, 0.94),
  }));
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let c = mix(skyTop, skyBottom, y / h);
      const ds = Math.hypot(x - sunX, y - sunY);
      if (ds < sunR) c = sun;
      else if (ds < sunR * 1.6) c = mix(sun, c, (ds - sunR) / (sunR * 0.6));
      for (const b of bubbles) {
        const e = ((x - b.x) / b.rx) ** 2 + ((y - b.y) / b.ry) ** 2;
        // A bubble with a small tail pointing down-inwards.
        const tail =
          y > b.y &&
          y < b.y + b.ry * 1.6 &&
          Math.abs(x - (b.x + (b.x < w / 2 ? 1 : -1) * b.rx * 0.3 * ((y - b.y) / b.ry))) <
            b.rx * 0.12 * (1.6 - (y - b.y) / b.ry);
        if (e <= 1 || tail) c = b.color;
        // Three dots of "speech" inside each bubble.
        for (let d = -1; d <= 1; d++) {
          if (Math.hypot(x - (b.x + d * b.rx * 0.35), y - b.y) < b.ry * 0.14)
            c = mix(b.color, [60, 60, 70], 0.8);
        }
      }
      for (const hill of hills) {
        const top = hill.base - hill.amp * Math.sin((x / w) * Math.PI * hill.freq + hill.phase);
        if (y >= top) c = hill.color;
      }
      const i = (y * w + x) * 3;
      out[i] = c[0];
      out[i + 1] = c[1];
      out[i + 2] = c[2];
    }
  }
  return out;
}
