import { useTranslation } from 'react-i18next';
import type { SignTemplateVersionRow } from '@promo/shared';
import { formatDateTime } from '@/lib/format';

/** The template's saved versions, newest first. */
export function VersionList({ versions, current }: { versions: SignTemplateVersionRow[]; current: number }) {
  const { t } = useTranslation();
  const rows = [...versions].sort((a, b) => b.version - a.version);
  return (
    <section className="grid gap-2 border-t border-border pt-3" aria-labelledby="sign-versions-title" data-testid="template-versions">
      <h2 id="sign-versions-title" className="text-sm font-medium">
        {t('signs.versions')}
      </h2>
      <ol className="grid gap-1 text-sm">
        {rows.map((v) => (
          <li key={v.version} className="flex flex-wrap justify-between gap-x-2" aria-current={v.version === current ? 'true' : undefined}>
            <span className={v.version === current ? 'font-medium' : undefined}>{t('signs.version', { version: v.version })}</span>
            <span className="text-muted-foreground">
              {v.author_name} · {formatDateTime(v.create_date)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
