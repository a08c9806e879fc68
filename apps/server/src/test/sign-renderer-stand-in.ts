import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { SignData, SignLayout, SignProblem } from '@promo/shared';
import type { SignRenderer } from '../lib/signs/sign-renderer';

/**
 * A stand-in for the price-sign renderer (lib/signs/, built beside this part of issue 34) until it is
 * merged: a text fits when its characters at the field's minimum size, half an em each, fit the
 * field's width; the PDF has a page per sign at trim + bleed with the product's name on it.
 */
const PT_PER_MM = 72 / 25.4;

function fitProblems(layout: SignLayout, signs: SignData[]): SignProblem[] {
  const problems: SignProblem[] = [];
  signs.forEach((s, sign) => {
    for (const f of layout.fields) {
      const text = f.locked ? (f.kind === 'name' ? s.product.name : f.text) : (s.texts[f.id] ?? f.text);
      if (text.length * f.min_size * 0.5 > f.width * PT_PER_MM) problems.push({ sign, field: f.id, code: 'does_not_fit' });
    }
  });
  return problems;
}

export function standInSignRenderer(): SignRenderer & { generated: number } {
  const renderer = {
    generated: 0,
    async check({ layout, signs }: { layout: SignLayout; signs: SignData[] }) {
      return fitProblems(layout, signs);
    },
    async generate({ layout, signs, out }: { layout: SignLayout; signs: SignData[]; out: string }) {
      const problems = fitProblems(layout, signs);
      if (problems.length) return { ok: false as const, problems };
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const w = (layout.width_mm + 2 * layout.bleed_mm) * PT_PER_MM;
      const h = (layout.height_mm + 2 * layout.bleed_mm) * PT_PER_MM;
      for (const s of signs) {
        const page = doc.addPage([w, h]);
        page.setTrimBox(layout.bleed_mm * PT_PER_MM, layout.bleed_mm * PT_PER_MM, layout.width_mm * PT_PER_MM, layout.height_mm * PT_PER_MM);
        page.setBleedBox(0, 0, w, h);
        page.drawText(`${s.product.name} ${(s.price_ore / 100).toFixed(2)}`, { x: 30, y: h / 2, size: 18, font });
      }
      const bytes = await doc.save();
      await fs.promises.writeFile(out, bytes, { mode: 0o600 });
      renderer.generated++;
      return { ok: true as const, pages: signs.length, bytes: bytes.length };
    },
    async preview({ layout, sign }: { layout: SignLayout; sign: SignData; width_px: number }) {
      // A 1×1 PNG: the stand-in draws nothing.
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
      return { ok: true as const, png: new Uint8Array(png), width_px: 1, height_px: 1, problems: fitProblems(layout, [sign]) };
    },
  };
  return renderer;
}
