// Writes the installed app's icons (public/icons/) from the favicon's shape with sharp. The PNGs are
// committed; run again only when the mark changes: node apps/web/build/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.join(import.meta.dirname, '../public/icons');
const BLUE = '#1e3a8a';
// The favicon's "P" on 32 units; `inset` is the share of the side kept free around it.
const mark = (size, { inset, rounded }) => {
  const box = size * (1 - 2 * inset);
  const scale = box / 32;
  const offset = size * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" ${rounded ? `rx="${size * 0.1875}"` : ''} fill="${BLUE}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M9 8h9a6 6 0 0 1 0 12h-5v4H9z" fill="#fff"/></g>
</svg>`;
};

fs.mkdirSync(out, { recursive: true });
const icons = [
  { file: 'icon-192.png', size: 192, inset: 0, rounded: true },
  { file: 'icon-512.png', size: 512, inset: 0, rounded: true },
  // Maskable: full-bleed background, the mark inside the 80 % safe zone (a circle mask keeps it whole).
  { file: 'icon-512-maskable.png', size: 512, inset: 0.14, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, inset: 0.06, rounded: false },
];
for (const icon of icons) {
  await sharp(Buffer.from(mark(icon.size, icon))).png({ compressionLevel: 9 }).toFile(path.join(out, icon.file));
  console.log(icon.file);
}
