#!/usr/bin/env node
// Renders the app's icons (public/icons/*.png) from public/icons/icon.svg with the Chromium that the browser
// tests use, so no image library is needed. The PNGs are committed; run again after changing the SVG:
//   node apps/web/scripts/icons.mjs
// The maskable icon keeps the mark inside the central 80 % (the safe zone launchers may crop to a circle).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../../../scripts/e2e.mjs';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'), 'utf8');
/** The SVG with its mark scaled by `scale` (the background always fills the square). */
const dataOf = (scale) =>
  `data:image/svg+xml;base64,${Buffer.from(
    svg.replace(/scale\(([\d.]+)\)/, (_, s) => `scale(${Number(s) * scale})`),
  ).toString('base64')}`;

/** name, size in pixels, scale of the mark inside the square (1 = as drawn). */
const icons = [
  ['icon-192.png', 192, 1],
  ['icon-512.png', 512, 1],
  ['maskable-512.png', 512, 0.7],
  ['apple-touch-icon.png', 180, 1],
];

const browser = await chromium.launch(chromiumLaunch);
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [name, size, scale] of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0"><img src="${dataOf(scale)}" style="width:${size}px;height:${size}px;display:block"></body>`,
    );
    await page.screenshot({ path: path.join(dir, name), omitBackground: false });
    console.log(`${name} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
