/** Saves a file the page made (a CSV, a PNG) through the browser's download. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has read the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
