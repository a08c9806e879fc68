// Merges keys into apps/web/src/locales/{no,en}.json: node scripts/add-locale-keys.mjs keys.json
// keys.json: { "area.key": { "no": "…", "en": "…" }, … }. Keeps both files' order and formatting.
import fs from 'node:fs';

const additions = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
for (const lang of ['no', 'en']) {
  const file = `apps/web/src/locales/${lang}.json`;
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [key, texts] of Object.entries(additions)) {
    const parts = key.split('.');
    let node = data;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    if (!texts[lang]) throw new Error(`${key} has no ${lang} text`);
    node[parts.at(-1)] = texts[lang];
  }
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
console.log(`added ${Object.keys(additions).length} keys to no.json and en.json`);
