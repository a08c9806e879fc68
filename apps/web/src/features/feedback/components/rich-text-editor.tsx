import { useEffect, useRef, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { Bold, Code, Italic, List, ListOrdered, Quote, Strikethrough, Underline } from 'lucide-react';
import { FEEDBACK_LINK_REL, FEEDBACK_LINK_TARGET } from '@promo/shared';
import { cn } from '@/lib/cn';
import { richTextClass, SAFE_LINK } from '../rich-text';

export interface RichTextEditorProps {
  id: string;
  /** The HTML; '' for an empty editor. Setting it to '' clears the editor. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The accessible name of the editing area. */
  label: string;
  invalid?: boolean;
  /** Pixels; the area scrolls beyond it. */
  height?: number;
  disabled?: boolean;
}

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * Typing reaches ProseMirror through its DOM observer, which puts a change off by 20 ms when its
 * focus or blur handling (or a busy machine) comes between the keystroke and the read. A toolbar
 * command run before that read would give the waiting characters its new mark: the space typed
 * before Bold became bold (issue 37). The toolbar reads what waits first.
 */
function readPendingTyping(editor: Editor) {
  const observer = (editor.view as unknown as { domObserver?: { forceFlush(): void; flush(): void } }).domObserver;
  observer?.forceFlush();
  observer?.flush();
}

function ToolButton({ active, label, onClick, children, disabled }: { active: boolean; label: string; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      // Keep the selection in the editor while clicking.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded hover:bg-accent disabled:opacity-50 [&_svg]:size-4',
        active && 'bg-secondary text-foreground',
      )}
    >
      {children}
    </button>
  );
}

/**
 * The TipTap editor of the feedback pages (loaded lazily, see lazy-rich-text-editor.tsx). Only what
 * the server keeps can be made: paragraphs, bold, italic, underline, strike, lists, quotes, code,
 * headings 1–3 and links to http, https and mailto. Pasted HTML goes through the same schema, so
 * images, scripts and event handlers never get into the document.
 */
export default function RichTextEditor({ id, value, onChange, onBlur, label, invalid, height = 200, disabled }: RichTextEditorProps) {
  const { t } = useTranslation();
  const callbacks = useRef({ onChange, onBlur });
  useEffect(() => {
    callbacks.current = { onChange, onBlur };
  });

  const editor = useEditor({
    // Its styles are in index.css: TipTap's own <style> is one tag shared by every editor, removed when
    // an editor goes while no other is in the document yet (a page's editor replaced under load),
    // and without its white-space rule a space typed at the end of a line was lost (issue 37).
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url, ctx) => SAFE_LINK.test(url.trim()) && ctx.defaultValidate(url),
          HTMLAttributes: { rel: FEEDBACK_LINK_REL, target: FEEDBACK_LINK_TARGET },
        },
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'data-testid': 'rich-text-input',
        class: cn('min-h-full px-3 py-2 focus:outline-none', richTextClass),
      },
    },
    onUpdate: ({ editor: e }) => callbacks.current.onChange(htmlOf(e)),
    onBlur: () => callbacks.current.onBlur?.(),
  });

  // A value set from outside (cleared after sending, a reset form) replaces the content.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            blockquote: e.isActive('blockquote'),
            code: e.isActive('code'),
          }
        : null,
  });

  const chain = () => {
    readPendingTyping(editor!);
    return editor!.chain().focus();
  };
  return (
    <div
      data-testid="rich-text-editor"
      aria-invalid={invalid || undefined}
      className={cn('overflow-hidden rounded-md border border-border bg-background focus-within:ring-2 focus-within:ring-ring', invalid && 'border-destructive')}
    >
      <div role="toolbar" aria-label={t('feedback.editor.toolbar')} className="flex flex-wrap gap-0.5 border-b border-border bg-muted/50 p-1">
        <ToolButton label={t('feedback.editor.bold')} active={!!state?.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
          <Bold />
        </ToolButton>
        <ToolButton label={t('feedback.editor.italic')} active={!!state?.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
          <Italic />
        </ToolButton>
        <ToolButton label={t('feedback.editor.underline')} active={!!state?.underline} disabled={disabled} onClick={() => chain().toggleUnderline().run()}>
          <Underline />
        </ToolButton>
        <ToolButton label={t('feedback.editor.strike')} active={!!state?.strike} disabled={disabled} onClick={() => chain().toggleStrike().run()}>
          <Strikethrough />
        </ToolButton>
        <ToolButton label={t('feedback.editor.bullet_list')} active={!!state?.bulletList} disabled={disabled} onClick={() => chain().toggleBulletList().run()}>
          <List />
        </ToolButton>
        <ToolButton label={t('feedback.editor.ordered_list')} active={!!state?.orderedList} disabled={disabled} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered />
        </ToolButton>
        <ToolButton label={t('feedback.editor.quote')} active={!!state?.blockquote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()}>
          <Quote />
        </ToolButton>
        <ToolButton label={t('feedback.editor.code')} active={!!state?.code} disabled={disabled} onClick={() => chain().toggleCode().run()}>
          <Code />
        </ToolButton>
      </div>
      <div className="cursor-text overflow-y-auto" style={{ height }} onClick={() => editor?.commands.focus()}>
        <EditorContent editor={editor} className="h-full [&_.ProseMirror]:min-h-full" />
      </div>
    </div>
  );
}
