import { Download } from 'lucide-react';
import type { PrintReportFile } from '@promo/shared';
import { PreflightBadge } from '@/features/promotion-design/proofing/preflight-badge';

/** A printer's HQ file: the download and what its preflight found. */
export function HqFile({ file, label }: { file: PrintReportFile; label: string }) {
  return (
    <span className="grid gap-1">
      <a href={file.url} className="inline-flex min-h-6 items-center gap-1 text-primary underline" download>
        <Download className="size-4" /> {label}
      </a>
      {file.preflight && <PreflightBadge preflight={file.preflight} compact />}
    </span>
  );
}
