import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRichText, type DesignPageData } from '@promo/shared';
import { RichTextView } from '@/features/feedback/components/rich-text-view';
import { DesignStatus } from '@/features/promotions/components/design-status';
import { formatDecimal } from '@/lib/format';
import { briefSummary } from '../brief-summary';
import { useBriefChoiceLabel } from './brief-choice';
import { BriefSection } from './brief-section';

/**
 * Every brief field, read-only. The description is rich text, shown sanitized as the feedback
 * messages are; the additional description is plain text.
 */
export function BriefInfo({ data }: { data: DesignPageData }) {
  const { t } = useTranslation();
  const choice = useBriefChoiceLabel();
  const brief = data.data;
  const summary = briefSummary(brief.description);
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const rows: [string, ReactNode][] = [
    ['title', brief.title],
    ['sub_title', brief.sub_title],
    ['text_italic', brief.text_italic && <em>{brief.text_italic}</em>],
    ['ean_more', brief.ean_more],
    ['promotional_offer', formatDecimal(brief.promotional_offer)],
    ['color', brief.color && choice('color', brief.color)],
    ['supplier_discount', brief.supplier_discount && choice('supplier_discount', brief.supplier_discount)],
    ['plu_scan', brief.plu_scan && choice('plu_scan', brief.plu_scan)],
    ['need_for_price', yesNo(brief.need_for_price.value)],
    ['not_for_printing', yesNo(brief.not_for_printing.value)],
    ['status', <DesignStatus key="status" status={brief.status} />],
  ];
  return (
    <BriefSection title={t('design.brief')} testId="brief-info" subtitle={summary && <span data-testid="brief-summary">{summary}</span>}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([name, value]) => (
          <div key={name} className="contents" data-testid={`brief-${name}`}>
            <dt className="text-muted-foreground">{t(`design.fields.${name}`)}</dt>
            <dd className="break-words">{value || <Empty />}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1 text-sm" data-testid="brief-description">
        <h3 className="text-muted-foreground">{t('design.fields.description')}</h3>
        {hasRichText(brief.description) ? <RichTextView html={brief.description} /> : <Empty />}
      </div>
      <div className="grid gap-1 text-sm" data-testid="brief-additional_description">
        <h3 className="text-muted-foreground">{t('design.fields.additional_description')}</h3>
        {brief.additional_description ? <p className="break-words whitespace-pre-line">{brief.additional_description}</p> : <Empty />}
      </div>
    </BriefSection>
  );
}

const Empty = () => <span className="text-muted-foreground">—</span>;
