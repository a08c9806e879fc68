import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { templatesQuery } from '../api';
import { CreateTemplateDialog } from '../components/create-template-dialog';

/** /sign-templates — the catalogue's price sign templates; each opens in the editor. */
export default function SignTemplatesPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const [creating, setCreating] = useState(false);
  const list = useQuery(templatesQuery);
  const rows = list.data ?? [];

  return (
    <section className="grid gap-4" data-testid="sign-templates-page">
      <PageHeader title={t('nav.sign_templates')}>
        <Button onClick={() => setCreating(true)}>
          <Plus /> {t('signs.create')}
        </Button>
      </PageHeader>
      <p className="text-sm text-muted-foreground">{t('signs.list_intro')}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="sign-templates-empty">
          {list.isPending ? t('common.load_data') : t('signs.no_templates')}
        </p>
      ) : (
        <Table data-testid="sign-templates-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t('signs.design')}</TableHead>
              <TableHead>{t('signs.category')}</TableHead>
              <TableHead>{t('signs.size')}</TableHead>
              <TableHead>{t('signs.current_version')}</TableHead>
              <TableHead>{t('signs.changed')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
                <TableRow key={r.design_id} data-testid={`sign-template-${r.design_id}`}>
                  <TableCell>
                    <Link to={`/sign-templates/${r.design_id}`} className="font-medium text-primary underline-offset-2 hover:underline">
                      {r.name}
                    </Link>
                  </TableCell>
                  <TableCell>{r.category.name}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {r.width_mm} × {r.height_mm} mm
                  </TableCell>
                  <TableCell>{t('signs.version', { version: r.version })}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(r.update_date)}</TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      )}
      <CreateTemplateDialog open={creating} onOpenChange={setCreating} role={me.role} />
    </section>
  );
}
