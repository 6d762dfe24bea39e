import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

export interface RichTextFieldProps {
  /** The editable area's accessible name. */
  label: string;
  value: string;
  onChange: (html: string) => void;
  height: number;
  /** Fixed height (the bulk e-mail, spec 02 section 9) or growing up to twice `height`. */
  fixedHeight?: boolean;
  /** Code, code blocks and rules: only where the server's sanitiser keeps them (announcements). */
  withCode?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Rich text (Tiptap through @mantine/tiptap) for the bulk e-mail and announcements. Import it with
 * `lazy()` (DESIGN.md section 7): Tiptap is heavy and only those modals need it. It offers only what
 * the server keeps after sanitising.
 */
export default function RichTextField({
  label,
  value,
  onChange,
  height,
  fixedHeight = false,
  withCode = false,
  invalid,
  describedBy,
}: RichTextFieldProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure(
        withCode ? { link: false } : { link: false, code: false, codeBlock: false, horizontalRule: false },
      ),
      Link.configure({ openOnClick: false, protocols: ['mailto'], defaultProtocol: 'https' }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    // An empty document is `<p></p>`: report it as empty so "required" applies.
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // The form was reset (modal closed): clear the editor too.
  useEffect(() => {
    if (editor && value === '' && !editor.isEmpty) editor.commands.clearContent();
  }, [editor, value]);

  return (
    <RichTextEditor editor={editor} style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          {withCode && <RichTextEditor.Code />}
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
          {withCode && <RichTextEditor.CodeBlock />}
          {withCode && <RichTextEditor.Hr />}
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content
        mih={height}
        style={
          fixedHeight ? { height, overflowY: 'auto' } : { minHeight: height, maxHeight: height * 2, overflowY: 'auto' }
        }
      />
    </RichTextEditor>
  );
}
