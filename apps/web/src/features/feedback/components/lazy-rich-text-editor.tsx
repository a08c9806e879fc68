import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_EDITOR_HEIGHT } from '@promo/shared';
import type { RichTextEditorProps } from './rich-text-editor';

// TipTap and ProseMirror are a chunk of their own, loaded when an editor is first shown.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  const height = props.height ?? FEEDBACK_EDITOR_HEIGHT;
  return (
    <Suspense
      fallback={
        <div aria-busy="true" className="flex items-center justify-center rounded-md border border-border bg-background text-sm text-muted-foreground" style={{ height: height + 41 }}>
          {t('feedback.load_data')}
        </div>
      }
    >
      <RichTextEditor {...props} height={height} />
    </Suspense>
  );
}
