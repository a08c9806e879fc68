import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUDIT_SORT_FIELDS, type AuditEntryRow, type AuditPerson } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { DayFilter } from '@/components/ui/day-filter';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import type { ListUrlSpec } from '@/lib/list-url';
import { useLastGood } from '@/lib/use-last-good';
import { useListParams } from '@/lib/use-list-params';
import { auditListQuery } from '../api';
import { AuditDiff } from '../components/audit-diff';

type Filter = 'user' | 'entity' | 'action' | 'from' | 'to';
// Newest first; filters and page in the URL (user=, entity=, action=, from=, to=, page=, size=).
const LIST: ListUrlSpec<'all', (typeof AUDIT_SORT_FIELDS)[number], Filter> = {
  sortFields: AUDIT_SORT_FIELDS,
  defaultSort: 'created_at',
  defaultField: 'all',
  filters: { user: 'id', entity: 'text', action: 'text', from: 'day', to: 'day' },
  clearedFilters: ['user', 'entity', 'action', 'from', 'to'],
};

const fullName = (p: Pick<AuditPerson, 'name' | 'surname'>) => `${p.name} ${p.surname}`.trim();

/** A stored name in the interface's language, or as stored when the locale files do not know it. */
function useNames() {
  const { t } = useTranslation();
  return {
    entity: (e: string) => t(`audit.entities.${e}`, { defaultValue: e }),
    action: (a: string) => t(`audit.actions.${a}`, { defaultValue: a.replace(/_/g, ' ') }),
  };
}

function Who({ entry }: { entry: AuditEntryRow }) {
  const { t } = useTranslation();
  if (!entry.actor) return <span className="text-muted-foreground">{entry.action.startsWith('sign_in') ? t('audit.nobody') : t('audit.unknown_user')}</span>;
  if (!entry.impersonator) return <span className="font-medium">{fullName(entry.actor)}</span>;
  // Signed in as someone: the admin who did it, then whom the session was (decision 020).
  return (
    <span className="grid" title={t('audit.impersonated_by', { admin: fullName(entry.impersonator), name: fullName(entry.actor) })}>
      <span className="font-medium">{fullName(entry.impersonator)}</span>
      <span className="text-xs text-muted-foreground" data-testid="audit-impersonated">
        {t('audit.as_user', { name: fullName(entry.actor) })}
      </span>
    </span>
  );
}

function What({ entry }: { entry: AuditEntryRow }) {
  const names = useNames();
  const text = `${names.entity(entry.entity)}${entry.label ? ` · ${entry.label}` : entry.entity_id ? ` #${entry.entity_id}` : ''}`;
  return entry.link ? (
    <Link to={entry.link} className="text-primary underline-offset-4 hover:underline" data-testid="audit-entity-link">
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  );
}

/** /audit-log (decision 020): the admin's list of every change, sign-in and sign-in-as. */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const names = useNames();
  const list = useListParams(LIST);
  const f = list.filters;
  const query = useQuery(
    auditListQuery({
      ...list.params,
      obj_search: { actor_id: f.user, entity: f.entity, action: f.action, date_picker: { from: f.from, to: f.to } },
    }),
  );
  const data = useLastGood(query.data);
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));
  const filtered = Object.values(f).some(Boolean);

  return (
    <section className="grid gap-4">
      <PageHeader title={t('audit.title')} />
      <p className="text-sm text-muted-foreground">{t('audit.intro')}</p>
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label={t('audit.title')}>
        <div className="grid gap-1">
          <Label htmlFor="audit-user">{t('audit.filter_user')}</Label>
          <NativeSelect id="audit-user" className="w-[220px]" value={f.user} onChange={(e) => list.setFilters({ user: e.target.value })}>
            <option value="">{t('audit.all_users')}</option>
            {(data?.users ?? []).map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.deleted ? t('audit.deleted_user', { name: fullName(u) }) : `${fullName(u)} (${u.email})`}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-entity">{t('audit.filter_entity')}</Label>
          <NativeSelect id="audit-entity" className="w-[200px]" value={f.entity} onChange={(e) => list.setFilters({ entity: e.target.value })}>
            <option value="">{t('audit.all_entities')}</option>
            {(data?.entities ?? []).map((e) => (
              <option key={e} value={e}>
                {names.entity(e)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-action">{t('audit.filter_action')}</Label>
          <NativeSelect id="audit-action" className="w-[220px]" value={f.action} onChange={(e) => list.setFilters({ action: e.target.value })}>
            <option value="">{t('audit.all_actions')}</option>
            {(data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {names.action(a)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DayFilter id="audit-from" label={t('audit.filter_from')} value={f.from} onChange={(from) => list.setFilters({ from })} />
        <DayFilter id="audit-to" label={t('audit.filter_to')} value={f.to} onChange={(to) => list.setFilters({ to })} />
        {filtered && (
          <Button variant="outline" onClick={list.clearSearch}>
            {t('audit.clear')}
          </Button>
        )}
        <div className="ml-auto">
          <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        </div>
      </div>
      <Table data-testid="audit-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('audit.col_when')}</TableHead>
            <TableHead>{t('audit.col_who')}</TableHead>
            <TableHead>{t('audit.col_action')}</TableHead>
            <TableHead>{t('audit.col_entity')}</TableHead>
            <TableHead>{t('audit.col_changes')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {!data?.entries.length && <EmptyRow colSpan={5} loading={query.isPending} emptyText={t('audit.empty')} />}
          {(data?.entries ?? []).map((entry) => (
            <TableRow key={entry.id} data-testid={`audit-row-${entry.id}`} className="align-top">
              <TableCell className="whitespace-nowrap">{formatDateTime(entry.created_at, i18n.language)}</TableCell>
              <TableCell>
                <Who entry={entry} />
              </TableCell>
              <TableCell className="min-w-[9rem]">{names.action(entry.action)}</TableCell>
              {/* Wide enough not to wrap into a tall thin column where the table scrolls on a phone. */}
              <TableCell className="min-w-[13rem]">
                <What entry={entry} />
              </TableCell>
              <TableCell className="max-w-[28rem] min-w-[16rem]">
                <AuditDiff entry={entry} names={data?.names} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
    </section>
  );
}
