#!/usr/bin/env node
// Draws the 36 player avatars of this app (original art, generated): public/avatars/0.svg … 35.svg.
// Each index combines a background, skin tone, hair style, eyes, mouth and accessory, so no two are alike.
// Run: node apps/web/scripts/avatars.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/avatars');
fs.mkdirSync(out, { recursive: true });

const backgrounds = [
  ['#3b1d78', '#8b5cf6'],
  ['#0b4f6c', '#22d3ee'],
  ['#6b1d3b', '#f43f5e'],
  ['#14532d', '#34d399'],
  ['#7c2d12', '#fb923c'],
  ['#1e3a8a', '#60a5fa'],
];
const skins = ['#f6d2b8', '#e8b48f', '#c98b5e', '#a86b43', '#7a4a2a', '#5a341c'];
const hairColors = ['#1f1410', '#4a2a14', '#b5651d', '#e8c15a', '#d9d9e3', '#7c3aed'];

const hair = [
  (c) => `<path d="M26 46c0-18 12-27 24-27s24 9 24 27c-5-8-12-12-24-12s-19 4-24 12z" fill="${c}"/>`,
  (c) =>
    `<path d="M24 50c-2-22 10-32 26-32s28 10 26 32l-6-2c0-10-8-16-20-16s-20 6-20 16z" fill="${c}"/><circle cx="50" cy="16" r="7" fill="${c}"/>`,
  (c) => `<path d="M27 44c2-16 12-24 23-24s21 8 23 24l-8-6-6 5-9-7-9 7-6-5z" fill="${c}"/>`,
  (c) =>
    `<path d="M24 56c-3-24 9-37 26-37s29 13 26 37c-2 10-5 16-8 20V46c-5-6-11-9-18-9s-13 3-18 9v30c-3-4-6-10-8-20z" fill="${c}"/>`,
  (c) => `<path d="M30 38c4-12 12-17 20-17s16 5 20 17c-6-4-13-6-20-6s-14 2-20 6z" fill="${c}"/>`,
  (c) =>
    `<circle cx="33" cy="30" r="8" fill="${c}"/><circle cx="45" cy="23" r="9" fill="${c}"/><circle cx="58" cy="24" r="9" fill="${c}"/><circle cx="68" cy="32" r="8" fill="${c}"/><path d="M28 40c4-8 12-12 22-12s18 4 22 12z" fill="${c}"/>`,
];
const eyes = [
  () => `<circle cx="42" cy="52" r="3" fill="#1b1b2f"/><circle cx="58" cy="52" r="3" fill="#1b1b2f"/>`,
  () =>
    `<path d="M38 52q4-4 8 0M54 52q4-4 8 0" stroke="#1b1b2f" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  () =>
    `<ellipse cx="42" cy="52" rx="3" ry="4" fill="#1b1b2f"/><ellipse cx="58" cy="52" rx="3" ry="4" fill="#1b1b2f"/><circle cx="43" cy="50.5" r="1" fill="#fff"/><circle cx="59" cy="50.5" r="1" fill="#fff"/>`,
  () =>
    `<circle cx="42" cy="52" r="3" fill="#1b1b2f"/><path d="M54 52h8" stroke="#1b1b2f" stroke-width="2.5" stroke-linecap="round"/>`,
];
const mouths = [
  () => `<path d="M43 63q7 6 14 0" stroke="#7a2e2e" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  () => `<path d="M42 62q8 9 16 0z" fill="#7a2e2e"/><path d="M44 62.5h12" stroke="#fff" stroke-width="2"/>`,
  () => `<path d="M45 64h10" stroke="#7a2e2e" stroke-width="2.5" stroke-linecap="round"/>`,
];
const accessories = [
  () => '',
  () =>
    `<g fill="none" stroke="#11111b" stroke-width="2.5"><circle cx="42" cy="52" r="7"/><circle cx="58" cy="52" r="7"/><path d="M49 52h2M35 51l-6-2M65 51l6-2"/></g>`,
  () =>
    `<path d="M33 30l6-13 11 9 11-9 6 13z" fill="#f8c94a" stroke="#b7791f" stroke-width="1.5"/><circle cx="50" cy="21" r="2.5" fill="#f43f5e"/>`,
  () =>
    `<path d="M22 52a28 28 0 0156 0" stroke="#11111b" stroke-width="4" fill="none"/><rect x="17" y="48" width="10" height="16" rx="4" fill="#f43f5e"/><rect x="73" y="48" width="10" height="16" rx="4" fill="#f43f5e"/>`,
  () =>
    `<path d="M26 38c6-12 16-16 24-16s18 4 24 16z" fill="#22c55e"/><path d="M70 37c8 0 14 2 16 5H68z" fill="#16a34a"/>`,
  () => `<path d="M27 40h46l-3 6H30z" fill="#ef4444"/><path d="M72 42l10-4-4 10z" fill="#ef4444"/>`,
];

function avatar(i) {
  const [bg1, bg2] = backgrounds[i % 6];
  const skin = skins[(i * 5 + Math.floor(i / 6)) % 6];
  const hairColor = hairColors[(i * 7 + 3) % 6];
  const shirt = backgrounds[(i + 3) % 6][1];
  const parts = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg2}"/><stop offset="1" stop-color="${bg1}"/></linearGradient></defs>`,
    `<rect width="100" height="100" rx="50" fill="url(#g)"/>`,
    `<path d="M20 100c2-18 14-27 30-27s28 9 30 27z" fill="${shirt}"/>`,
    `<rect x="44" y="64" width="12" height="12" rx="4" fill="${skin}"/>`,
    `<ellipse cx="50" cy="52" rx="22" ry="24" fill="${skin}"/>`,
    `<circle cx="36" cy="59" r="3.5" fill="#f87171" opacity=".35"/><circle cx="64" cy="59" r="3.5" fill="#f87171" opacity=".35"/>`,
    hair[Math.floor(i / 6) % 6](hairColor),
    eyes[i % 4](),
    mouths[(i + Math.floor(i / 4)) % 3](),
    accessories[(i + Math.floor(i / 6)) % 6](),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><clipPath id="c"><circle cx="50" cy="50" r="50"/></clipPath><g clip-path="url(#c)">${parts.join('')}</g></svg>\n`;
}

for (let i = 0; i < 36; i++) fs.writeFileSync(path.join(out, `${i}.svg`), avatar(i));
console.log(`wrote 36 avatars to ${out}`);
