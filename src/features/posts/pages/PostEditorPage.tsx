import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { moderation } from '../../../../domain/index.js';
import { keepPostDraft, publishPost } from '../../../../infrastructure/posts/commands';
import { clearPublishCheck } from '../../../../infrastructure/moderation/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { uploadPickedFile } from '../../../../infrastructure/uploads/commands';
import { useLocale } from '../../../i18n/locale';
import { Button, Dialog, Field, Skeleton, TextInput } from '../../../ui';
import { PublishCheckMessage, usePublishCheck } from '../../moderation';
import { useUploadGroup } from '../../uploads';
import { IMAGE_ALT_MAX, isImageKept, postEditorExtensions } from '../editorExtensions';
import styles from '../PostEditor.module.css';
import { usePostEditor } from '../usePostEditor';

/** The uploads of a post's images: slots `post-image.1` ... (the upload flow of spec §4/§5). */
const IMAGE_GROUP = 'post-image';
const IMAGE_MAX = 30;
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';
const TITLE_MAX = 100;

const SUBJECT = moderation.NEW_POST_SUBJECT;

type Mark = 'bold' | 'italic';

const LinkIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
  >
    <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
  </svg>
);

const ImageIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinejoin="round"
  >
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 17l-5-5-9 8" />
  </svg>
);

/** The toolbar's state, read from the editor only when a transaction changes it. */
const useActive = (editor: Editor) =>
  useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });

const ToolButton = ({
  label,
  pressed,
  onClick,
  glyph,
  testId,
}: {
  readonly label: string;
  readonly pressed?: boolean;
  readonly onClick: () => void;
  readonly glyph: ReactNode;
  readonly testId: string;
}) => (
  <button
    type="button"
    className={styles.tool}
    aria-label={label}
    title={label}
    aria-pressed={pressed}
    data-testid={testId}
    // Keeps the editor's selection while the toolbar is clicked.
    onMouseDown={(e) => e.preventDefault()}
    onClick={onClick}
  >
    <span aria-hidden="true">{glyph}</span>
  </button>
);

/** The link dialog: an http(s) or mailto address; any other scheme (javascript:, data:) is refused. */
const LinkDialog = ({
  editor,
  open,
  onOpenChange,
}: {
  readonly editor: Editor;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) => {
  const intl = useIntl();
  const [url, setUrl] = useState(() => (editor.getAttributes('link')['href'] as string | undefined) ?? '');
  const [refused, setRefused] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const href = moderation.postLinkHref(url);
    if (href === null) {
      setRefused(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'posts.editor.link.title' })}
      closeLabel={intl.formatMessage({ id: 'posts.editor.link.cancel' })}
      size="sm"
    >
      <form className={styles.linkForm} onSubmit={submit} noValidate data-testid="link-form">
        <Field
          label={<FormattedMessage id="posts.editor.link.url" />}
          error={refused ? <FormattedMessage id="posts.editor.link.refused" /> : undefined}
        >
          <TextInput
            value={url}
            inputMode="url"
            dir="ltr"
            data-testid="link-url"
            onChange={(e) => {
              setUrl(e.target.value);
              setRefused(false);
            }}
          />
        </Field>
        <div className={styles.linkActions}>
          {editor.isActive('link') && (
            <Button
              variant="ghost"
              data-testid="link-remove"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onOpenChange(false);
              }}
            >
              <FormattedMessage id="posts.editor.link.remove" />
            </Button>
          )}
          <Button type="submit" variant="primary" data-testid="link-apply">
            <FormattedMessage id="posts.editor.link.apply" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

const Toolbar = ({ editor, onImage }: { readonly editor: Editor; readonly onImage: () => void }) => {
  const intl = useIntl();
  const active = useActive(editor);
  const [linking, setLinking] = useState(false);
  const label = (id: string) => intl.formatMessage({ id });
  const toggle = (mark: Mark) => () => editor.chain().focus().toggleMark(mark).run();
  return (
    <div role="toolbar" aria-label={label('posts.editor.toolbar')} className={styles.toolbar}>
      <ToolButton
        testId="tool-h2"
        glyph="H2"
        label={label('posts.editor.heading2')}
        pressed={active.h2}
        onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
      />
      <ToolButton
        testId="tool-h3"
        glyph="H3"
        label={label('posts.editor.heading3')}
        pressed={active.h3}
        onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
      />
      <ToolButton
        testId="tool-bold"
        glyph="B"
        label={label('posts.editor.bold')}
        pressed={active.bold}
        onClick={toggle('bold')}
      />
      <ToolButton
        testId="tool-italic"
        glyph="I"
        label={label('posts.editor.italic')}
        pressed={active.italic}
        onClick={toggle('italic')}
      />
      <ToolButton
        testId="tool-bullet-list"
        glyph="•"
        label={label('posts.editor.bulletList')}
        pressed={active.bulletList}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      />
      <ToolButton
        testId="tool-ordered-list"
        glyph="1."
        label={label('posts.editor.orderedList')}
        pressed={active.orderedList}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      />
      <ToolButton
        testId="tool-quote"
        glyph="❝"
        label={label('posts.editor.quote')}
        pressed={active.blockquote}
        onClick={() => editor.chain().focus().toggleBlockquote().run()}
      />
      <ToolButton
        testId="tool-link"
        glyph={<LinkIcon />}
        label={label('posts.editor.link')}
        pressed={active.link}
        onClick={() => setLinking(true)}
      />
      <ToolButton
        testId="tool-image"
        glyph={<ImageIcon />}
        label={label('posts.editor.image')}
        onClick={onImage}
      />
      {linking && <LinkDialog editor={editor} open={linking} onOpenChange={setLinking} />}
    </div>
  );
};

/**
 * The images of the post: a picked file goes through the upload flow (its own slot of the
 * group); each upload that finishes while the editor is open is put in at the cursor.
 */
const useImageUploads = (editor: Editor) => {
  const dispatch = useAppDispatch();
  const group = useUploadGroup(IMAGE_GROUP, IMAGE_MAX);
  // Uploads finished before the editor opened are already in the draft (or were left out).
  const [before] = useState(() => new Set(group.files.filter((f) => f.url !== null).map((f) => f.id)));
  const placed = useRef(before);
  useEffect(() => {
    for (const f of group.files) {
      if (f.url === null || placed.current.has(f.id)) continue;
      placed.current.add(f.id);
      if (!isImageKept(f.url)) continue;
      editor
        .chain()
        .focus()
        .setImage({ src: f.url, alt: f.name.replace(/\.[a-z0-9]+$/i, '').slice(0, IMAGE_ALT_MAX) })
        .run();
    }
  }, [group.files, editor]);
  const pick = (file: File) => {
    if (group.nextSlot !== null) dispatch(uploadPickedFile(group.nextSlot, file));
  };
  const running = group.files.find((f) => f.status === 'init' || f.status === 'pending') ?? null;
  // The newest file's failure, if it failed since the editor opened.
  const newest = group.files[0] ?? null;
  const failed = newest !== null && newest.messageKey !== null && !before.has(newest.id) ? newest : null;
  return { pick, running, failed, full: group.nextSlot === null };
};

const PostEditorForm = ({
  initial,
}: {
  readonly initial: { readonly title: string; readonly html: string };
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { to } = useLocale();
  const view = usePostEditor();
  const check = usePublishCheck(SUBJECT);
  const [title, setTitle] = useState(initial.title);
  const titleRef = useRef(initial.title);
  const [touched, setTouched] = useState(false);
  const [bodyEmpty, setBodyEmpty] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const bodyLabelId = useId();
  const editor = useEditor({
    extensions: [...postEditorExtensions],
    content: initial.html,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: styles.prose ?? '',
        'aria-labelledby': bodyLabelId,
        'aria-multiline': 'true',
        // Each paragraph takes the direction of its own text (an English post on an Arabic page).
        dir: 'auto',
        role: 'textbox',
        'data-testid': 'post-body',
      },
    },
    onUpdate: ({ editor: e }) => {
      setBodyEmpty(false);
      dispatch(keepPostDraft({ title: titleRef.current, html: e.getHTML() }));
    },
  });
  const images = useImageUploads(editor);
  const busy = check.status === 'checking' || view.sending;

  useEffect(() => () => void dispatch(clearPublishCheck({ subject: SUBJECT })), [dispatch]);
  useEffect(() => {
    if (view.createdId !== null) void navigate(to(`/posts/${view.createdId}`));
  }, [view.createdId, navigate, to]);

  const titleEmpty = title.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const empty = editor.isEmpty;
    setBodyEmpty(empty);
    if (titleEmpty || empty || busy) return;
    dispatch(
      publishPost({
        title: { text: title, label: intl.formatMessage({ id: 'posts.editor.titleLabel' }) },
        body: {
          text: editor.getText(),
          html: editor.getHTML(),
          label: intl.formatMessage({ id: 'posts.editor.bodyLabel' }),
        },
        separator: intl.formatMessage({ id: 'posts.editor.separator' }),
      }),
    );
  };
  const blocked = check.status === 'blocked' ? check.categories : [];

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="post-form">
      <Field
        label={<FormattedMessage id="posts.editor.titleLabel" />}
        error={touched && titleEmpty ? <FormattedMessage id="posts.editor.titleEmpty" /> : undefined}
      >
        <TextInput
          value={title}
          maxLength={TITLE_MAX}
          data-testid="post-title"
          aria-invalid={blocked.includes('title') || (touched && titleEmpty) ? true : undefined}
          onChange={(e) => {
            setTitle(e.target.value);
            titleRef.current = e.target.value;
            dispatch(keepPostDraft({ title: e.target.value, html: editor.getHTML() }));
          }}
        />
      </Field>
      <div
        className={styles.bodyField}
        data-invalid={blocked.includes('content') || bodyEmpty ? '' : undefined}
      >
        <span id={bodyLabelId} className={styles.bodyLabel}>
          <FormattedMessage id="posts.editor.bodyLabel" />
        </span>
        <Toolbar editor={editor} onImage={() => fileInput.current?.click()} />
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid="post-image-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) images.pick(file);
            e.target.value = '';
          }}
        />
        <EditorContent editor={editor} className={styles.editor} />
        {bodyEmpty && (
          <p className={styles.error} role="alert">
            <FormattedMessage id="posts.editor.bodyEmpty" />
          </p>
        )}
        {images.running !== null && (
          <p className={styles.status} role="status" data-testid="post-image-uploading">
            <FormattedMessage id="posts.editor.imageUploading" values={{ name: images.running.name }} />
          </p>
        )}
        {images.failed !== null && (
          <p className={styles.error} role="alert">
            <FormattedMessage id={images.failed.messageKey ?? 'posts.editor.imageFailed'} />
          </p>
        )}
      </div>
      <PublishCheckMessage check={check} />
      <div className={styles.actions}>
        <span className={styles.status} role="status" data-testid="post-draft-status">
          {view.saved ? <FormattedMessage id="posts.editor.draftSaved" /> : null}
        </span>
        <Button type="submit" variant="primary" loading={busy} data-testid="post-publish">
          <FormattedMessage id="posts.editor.publish" />
        </Button>
      </div>
    </form>
  );
};

/**
 * Writing a post (issue 21; spec §2 create-and-post): a title and rich text (Tiptap, narrowed to
 * what the server's sanitiser keeps), images through the upload flow, the draft kept on this
 * device across a reload, the sensitive-word check per field before the post is created, then
 * the new post's page.
 */
const PostEditorPage = () => {
  const view = usePostEditor();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        <FormattedMessage id="posts.editor.heading" />
      </h1>
      {view.ready ? <PostEditorForm initial={view.initial} /> : <Skeleton height="20rem" />}
    </div>
  );
};

export default PostEditorPage;
