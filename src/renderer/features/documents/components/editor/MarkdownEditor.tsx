/**
 * The markdown editor of role prompts and documents, on CodeMirror 6. Chosen because it is small
 * and modular (only its core, the markdown mode, undo history and keys are bundled), accessible
 * (a real contenteditable that screen readers and keyboard-only use work with; Tab is left to
 * move focus on) and has a markdown mode that marks headings, emphasis, lists and code as they
 * are typed, and carries a list on to the next line on Enter. It loads in a chunk of its own when an editor first opens, never with the console.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown, markdownKeymap } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { drawSelection, EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';

export type MarkdownEditorProps = {
  /** The text it starts with; later changes are the operator's (remount it for another text). */
  initialText: string;
  readOnly: boolean;
  /** The accessible name of the text area. */
  label: string;
  dark: boolean;
  onChange(text: string): void;
  onBlur(): void;
};

/** The console's colours, through Mantine's variables, which follow the light or dark scheme. */
const consoleTheme = EditorView.theme({
  '&': {
    fontSize: 'var(--mantine-font-size-sm)',
    color: 'var(--mantine-color-text)',
    backgroundColor: 'var(--mantine-color-body)',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 'var(--mantine-radius-md)',
    minHeight: '18rem',
  },
  '&.cm-focused': { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)', lineHeight: '1.6' },
  '.cm-content': { padding: '0.75rem 0', caretColor: 'var(--mantine-color-text)', minHeight: '18rem' },
  '.cm-line': { padding: '0 0.875rem' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--mantine-color-text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
    backgroundColor: 'var(--mantine-primary-color-light-hover)',
  },
  '.cm-placeholder': { color: 'var(--mantine-color-dimmed)' },
});

const markdownColours = HighlightStyle.define([
  { tag: tags.heading1, fontSize: '1.2em', fontWeight: '700', color: 'var(--mantine-color-indigo-text)' },
  { tag: tags.heading2, fontSize: '1.1em', fontWeight: '700', color: 'var(--mantine-color-indigo-text)' },
  { tag: tags.heading, fontWeight: '700', color: 'var(--mantine-color-indigo-text)' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--mantine-color-blue-text)', textDecoration: 'underline' },
  { tag: tags.monospace, color: 'var(--mantine-color-grape-text)' },
  { tag: tags.quote, color: 'var(--mantine-color-dimmed)', fontStyle: 'italic' },
  {
    tag: [tags.processingInstruction, tags.contentSeparator, tags.comment],
    color: 'var(--mantine-color-dimmed)',
  },
  { tag: tags.list, color: 'var(--mantine-color-teal-text)' },
]);

export function MarkdownEditor({
  initialText,
  readOnly,
  label,
  dark,
  onChange,
  onBlur,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const scheme = useRef(new Compartment());
  // The listeners are read when events come, so the editor is built once per mount.
  const listeners = useRef({ onChange, onBlur });
  listeners.current = { onChange, onBlur };
  const firstProps = useRef({ initialText, readOnly, label, dark });

  useEffect(() => {
    const start = firstProps.current;
    const editor = new EditorView({
      parent: host.current ?? undefined,
      state: EditorState.create({
        doc: start.initialText,
        extensions: [
          history(),
          drawSelection(),
          keymap.of([...markdownKeymap, ...defaultKeymap, ...historyKeymap]),
          markdown(),
          syntaxHighlighting(markdownColours),
          EditorView.lineWrapping,
          consoleTheme,
          scheme.current.of(EditorView.darkTheme.of(start.dark)),
          EditorState.readOnly.of(start.readOnly),
          EditorView.editable.of(!start.readOnly),
          EditorView.contentAttributes.of({ 'aria-label': start.label }),
          placeholder(start.readOnly ? '' : 'Write in markdown…'),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) listeners.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({ blur: () => listeners.current.onBlur() }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: scheme.current.reconfigure(EditorView.darkTheme.of(dark)) });
  }, [dark]);

  return <div ref={host} data-testid="markdown-editor" />;
}
