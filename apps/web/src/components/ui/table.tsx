import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="w-full overflow-x-auto rounded-md border border-border bg-background">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
export const TableHeader = (p: ComponentProps<'thead'>) => <thead className={cn('bg-muted/60 [&_tr]:border-b', p.className)} {...p} />;
export const TableBody = (p: ComponentProps<'tbody'>) => <tbody className={cn('[&_tr:last-child]:border-0', p.className)} {...p} />;
export const TableRow = ({ className, ...p }: ComponentProps<'tr'>) => (
  <tr className={cn('border-b border-border hover:bg-muted/40', className)} {...p} />
);
export const TableHead = ({ className, ...p }: ComponentProps<'th'>) => (
  <th className={cn('h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground', className)} {...p} />
);
export const TableCell = ({ className, ...p }: ComponentProps<'td'>) => (
  <td className={cn('px-3 py-2 align-middle', className)} {...p} />
);
