import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { ArrowLeft } from 'lucide-react';
import { isRefusal } from '@/lib/error-catalogue';
import NoAccessPage from '@/features/no-access/pages/no-access-page';
import { templateQuery } from '../api';
import { TemplateEditor } from '../editor/template-editor';

/** /sign-templates/:id — a template's editor (the id is its catalogue design's). */
export default function SignTemplateEditorPage() {
  const { t } = useTranslation();
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const query = useQuery({ ...templateQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <Navigate to="/not-found-404" replace />;
  if (query.isPending) return <p className="text-muted-foreground">{t('common.load_data')}</p>;
  if (isRefusal(query.error)) return <NoAccessPage refusal={query.error} />;
  if (isAxiosError(query.error) && [404, 422].includes(query.error.response?.status ?? 0)) return <Navigate to="/not-found-404" replace />;
  if (!query.data) return <p className="text-muted-foreground">{t('signs.not_loaded')}</p>;
  return (
    <section className="grid gap-4" data-testid="sign-template-editor">
      <Link to="/sign-templates" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t('nav.sign_templates')}
      </Link>
      {/* A new load (after a reload of someone else's version) starts the editor over. */}
      <TemplateEditor key={query.dataUpdatedAt} data={query.data} onReload={() => void query.refetch()} />
    </section>
  );
}
