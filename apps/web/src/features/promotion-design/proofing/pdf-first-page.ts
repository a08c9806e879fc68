/**
 * The first page of a PDF drawn into a canvas by pdf.js, loaded with its worker only when a PDF
 * is reviewed (a chunk of its own). The canvas is drawn at `width` CSS pixels and the screen's
 * pixel ratio; pins lie over it in fractions of its size, as on an image.
 */
export async function drawFirstPage(url: string, canvas: HTMLCanvasElement, width: number, signal: AbortSignal): Promise<void> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({ url, withCredentials: true });
  signal.addEventListener('abort', () => void task.destroy());
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (width / natural.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
    await page.render({ canvas, viewport }).promise;
  } finally {
    void doc.destroy();
  }
}
