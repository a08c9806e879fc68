import type { ReactNode } from 'react';

/** One card of the brief column: a title, an optional line under it, actions on the right. */
export function BriefSection({
  title,
  subtitle,
  actions,
  testId,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-3 rounded-md border border-border bg-background p-4" data-testid={testId}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 className="text-lg font-semibold">{title}</h2>
          {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}
