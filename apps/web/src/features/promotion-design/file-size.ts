/** A brief file's size as the chat shows file sizes: '1.20 Mb', Kb below a megabyte. */
export function formatFileSize(bytes: number): string {
  if (!(bytes > 0)) return '0.00 Kb';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} Kb`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} Mb`;
}
