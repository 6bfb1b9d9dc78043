import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { studio } from '../../../../domain/index.js';
import { loadEbookChapter, loadSquareItem } from '../../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Button, Card, Select } from '../../../ui';
import { ResourceState } from '../ResourceState';
import styles from '../Studio.module.css';
import { useResource } from '../useStudio';

/** The reader: one page of a chapter at a time; arrows, Page Up/Down, Space, Home and End turn pages. */
const Reader = ({ id, chapters }: { readonly id: string; readonly chapters: number }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [at, setAt] = useState<studio.ReaderPosition>({ chapter: 1, page: 0 });
  const view = useResource(studio.studioKey.ebookChapter(id, at.chapter), 'ebookChapter');
  useEffect(() => {
    dispatch(loadEbookChapter({ id, chapter: at.chapter }));
  }, [dispatch, id, at.chapter]);
  const pages = view.status === 'loaded' ? studio.paginate(view.value.chapter.text) : [];
  const page = studio.resolvePage(at.page, pages.length);
  const go = (move: studio.ReaderMove) =>
    setAt(studio.moveReader({ chapter: at.chapter, page }, move, pages.length, chapters));
  // Page turns from the keyboard anywhere on the page, except while typing or in a menu.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (
        target?.closest(
          'input, textarea, select, [role="listbox"], [role="combobox"], [contenteditable="true"]',
        )
      )
        return;
      // Space presses a focused button; it turns the page only elsewhere.
      if (e.key === ' ' && target?.closest('button, a')) return;
      const move = studio.readerMoveOfKey(e.key, document.dir === 'rtl');
      if (move === null) return;
      e.preventDefault();
      setAt((now) => studio.moveReader({ chapter: now.chapter, page }, move, pages.length, chapters));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [page, pages.length, chapters]);
  const atStart = at.chapter === 1 && page === 0;
  const atEnd = at.chapter === chapters && page >= pages.length - 1;
  return (
    <section className={styles.reader} aria-label={intl.formatMessage({ id: 'novel.reader' })}>
      <div className={styles.row}>
        <Select
          label={intl.formatMessage({ id: 'novel.chapter' })}
          value={String(at.chapter)}
          onValueChange={(v) => setAt({ chapter: Number(v), page: 0 })}
          options={Array.from({ length: chapters }, (_, i) => ({
            value: String(i + 1),
            label: intl.formatMessage({ id: 'novel.chapterN' }, { n: i + 1 }),
          }))}
        />
      </div>
      <ResourceState
        view={view}
        retry={() => dispatch(loadEbookChapter({ id, chapter: at.chapter }))}
        lines={12}
      >
        {({ chapter }) => (
          <>
            <h2 className={styles.sectionTitle}>
              <FormattedMessage
                id="novel.chapterTitle"
                values={{ n: chapter.chapter, title: chapter.chapter_title }}
              />
            </h2>
            <div
              className={styles.readerPage}
              aria-roledescription={intl.formatMessage({ id: 'novel.page' })}
              aria-keyshortcuts="ArrowLeft ArrowRight PageUp PageDown Home End"
              data-testid="reader-page"
              data-page={page}
              data-chapter={chapter.chapter}
            >
              {pages[page]}
            </div>
          </>
        )}
      </ResourceState>
      <nav className={styles.readerNav} aria-label={intl.formatMessage({ id: 'novel.pages' })}>
        <Button onClick={() => go('previous')} disabled={atStart} data-testid="reader-prev">
          <FormattedMessage id="novel.previous" />
        </Button>
        <span className={styles.muted} aria-live="polite" data-testid="reader-position">
          <FormattedMessage
            id="novel.position"
            values={{ page: page + 1, pages: Math.max(1, pages.length), chapter: at.chapter, chapters }}
          />
        </span>
        <Button variant="primary" onClick={() => go('next')} disabled={atEnd} data-testid="reader-next">
          <FormattedMessage id="novel.next" />
        </Button>
      </nav>
    </section>
  );
};

/** An e-book (`/novels/:id`): its card and the reader. */
const NovelPage = () => {
  const dispatch = useAppDispatch();
  const id = useParams()['id'] ?? '';
  const view = useResource(studio.studioKey.squareItem(id), 'squareItem');
  return (
    <div className={styles.page}>
      <ResourceState view={view} retry={() => dispatch(loadSquareItem({ id }))}>
        {({ item }) => (
          <>
            <header className={styles.header}>
              <div>
                <h1 dir="auto" className={styles.title}>
                  {item.title}
                </h1>
                <p className={styles.subtitle}>
                  {item.author.name} ·{' '}
                  <FormattedMessage id="novel.chapters" values={{ count: item.chapters ?? 1 }} />
                </p>
              </div>
            </header>
            <Card padding="md">
              <Reader id={id} chapters={Math.max(1, item.chapters ?? 1)} />
            </Card>
          </>
        )}
      </ResourceState>
    </div>
  );
};

export default NovelPage;
