import type { plot } from '@observablehq/plot';

/** A chart as Plot.plot() returns it: the SVG, or a figure of the legend and the SVG. */
export type PlotElement = ReturnType<typeof plot>;

const SCALE = 2;
const PAD = 16;
const TITLE_FONT = '600 16px system-ui, sans-serif';
const TITLE_LINE = 22;
const LEGEND_FONT = '12px system-ui, sans-serif';
const LEGEND_LINE = 20;
const SWATCH = 12;

/** The words of `text` in lines no wider than `width`. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...lines, line] : lines;
}

/** The legend's swatches in rows no wider than `width`: each with its x and row. */
function legendLayout(ctx: CanvasRenderingContext2D, names: string[], width: number) {
  let x = 0;
  let row = 0;
  return names.map((name) => {
    const w = SWATCH + 6 + ctx.measureText(name).width + 16;
    if (x > 0 && x + w > width) {
      x = 0;
      row += 1;
    }
    const at = { name, x, row };
    x += w;
    return at;
  });
}

async function svgImage(svg: SVGSVGElement): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * A chart as a PNG (decision 037): its SVG drawn at 2× on a white canvas, with the chart's title
 * above it and, where it has one, its colour legend (Plot draws that as HTML beside the SVG).
 */
export async function chartPng(chart: PlotElement, title: string): Promise<Blob> {
  const svg = chart instanceof SVGSVGElement ? chart : chart.querySelector<SVGSVGElement>(':scope > svg');
  if (!svg) throw new Error('The chart has no SVG');
  const width = svg.width.baseVal.value;
  const height = svg.height.baseVal.value;
  const colour = chart instanceof SVGSVGElement ? undefined : chart.scale('color');
  const names = Array.from(colour?.domain ?? [], String);
  const colours = Array.from(colour?.range ?? [], String);

  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d')!;
  ctx.font = TITLE_FONT;
  const lines = wrap(ctx, title, width);
  ctx.font = LEGEND_FONT;
  const legend = legendLayout(ctx, names, width);
  const legendHeight = legend.length ? (legend.at(-1)!.row + 1) * LEGEND_LINE + 8 : 0;
  const top = PAD + lines.length * TITLE_LINE + 8 + legendHeight;
  canvas.width = (width + 2 * PAD) * SCALE;
  canvas.height = (top + height + PAD) * SCALE;

  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width + 2 * PAD, top + height + PAD);
  ctx.fillStyle = '#111827';
  ctx.textBaseline = 'top';
  ctx.font = TITLE_FONT;
  lines.forEach((line, i) => ctx.fillText(line, PAD, PAD + i * TITLE_LINE));
  ctx.font = LEGEND_FONT;
  const legendTop = PAD + lines.length * TITLE_LINE + 8;
  legend.forEach(({ name, x, row }, i) => {
    const y = legendTop + row * LEGEND_LINE;
    ctx.fillStyle = colours[i % colours.length] ?? '#000000';
    ctx.fillRect(PAD + x, y, SWATCH, SWATCH);
    ctx.fillStyle = '#111827';
    ctx.fillText(name, PAD + x + SWATCH + 6, y);
  });
  ctx.drawImage(await svgImage(svg), PAD, top, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png'));
}
