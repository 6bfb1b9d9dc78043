/**
 * The header's search box (issues 11 and 21): a WAI-ARIA combobox whose suggestions (grouped:
 * tags, people, works) come from the debounced suggest epic; the arrows, Home/End and Escape follow
 * `search.suggestKeyStep`; Enter on an option opens it (`search.resultPathOf`), Enter with none
 * searches works for the text (`/search?q=&tab=1`). Below 640 px the box is behind a search icon button that opens it in a dialog.
 */
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { format, search } from '../../../domain/index.js';
import { clearSuggestions, suggestTags } from '../../../infrastructure/search/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { DeferredDialog, IconButton } from '../../ui';
import styles from './Search.module.css';
import { useSuggestions } from './useSearch';

export const SearchIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </svg>
);

const SearchField = ({
  focusOnOpen = false,
  onDone,
}: {
  readonly focusOnOpen?: boolean;
  readonly onDone?: () => void;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { to } = useLocale();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const { items, none } = useSuggestions();
  const asking = open && search.suggestPrefixOf(text) !== null;
  const shown = asking ? items : NO_OPTIONS;
  const expanded = shown.length > 0 || (asking && none);
  const close = () => {
    setOpen(false);
    setActive(null);
    dispatch(clearSuggestions({}));
  };
  const go = (href: string) => {
    close();
    onDone?.();
    void navigate(to(href));
  };
  const submit = () => {
    const chosen = active !== null ? shown[active] : undefined;
    if (chosen) return go(search.resultPathOf(chosen));
    if (search.normaliseQuery(text) === '') return;
    go(search.searchHref(text));
  };
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className={styles.box} role="search">
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          className={styles.input}
          type="search"
          role="combobox"
          aria-label={intl.formatMessage({ id: 'search.label' })}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active !== null && shown[active] ? optionId(active) : undefined}
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
          value={text}
          maxLength={search.QUERY_MAX_LENGTH}
          // The dialog of the small screens opens with the box focused.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focusOnOpen}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(null);
            dispatch(suggestTags({ text: e.target.value }));
          }}
          onKeyDown={(e) => {
            if (!expanded || !search.isSuggestKey(e.key)) return;
            // Home/End move the caret until an option is chosen with the arrows.
            if ((e.key === 'Home' || e.key === 'End') && active === null) return;
            e.preventDefault();
            const step = search.suggestKeyStep(active, shown.length, e.key);
            if (!step.open) return close();
            setActive(step.active);
            // A long list scrolls; the highlighted option stays in view.
            if (step.active !== null)
              document.getElementById(optionId(step.active))?.scrollIntoView({ block: 'nearest' });
          }}
          onBlur={close}
          data-testid="search-input"
        />
        <IconButton type="submit" size="sm" label={intl.formatMessage({ id: 'search.submit' })}>
          <SearchIcon />
        </IconButton>
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage({ id: 'search.suggestions' })}
        className={styles.listbox}
        hidden={!expanded}
        data-testid="search-suggestions"
      >
        {shown.length === 0 ? (
          <p className={styles.noSuggestions} data-testid="search-no-suggestions">
            <FormattedMessage id="search.noSuggestions" />
          </p>
        ) : (
          search.SUGGEST_GROUPS.map((group) => {
            const options = shown.flatMap((r, i) => (r.kind === group ? [{ r, i }] : []));
            if (options.length === 0) return null;
            const headingId = `${listId}-${group}`;
            return (
              <div key={group} role="group" aria-labelledby={headingId} data-testid={`search-group-${group}`}>
                <div id={headingId} role="presentation" className={styles.groupTitle}>
                  <FormattedMessage id={GROUP_TITLE[group]} />
                </div>
                {options.map(({ r, i }) => (
                  <div
                    key={search.resultKey(r)}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    // The focus stays in the box (aria-activedescendant); -1 keeps options out of the tab order.
                    tabIndex={-1}
                    className={styles.option}
                    // Chosen on mouse down, before the input's blur closes the list.
                    onMouseDown={(e) => {
                      e.preventDefault();
                      go(search.resultPathOf(r));
                    }}
                    data-testid="search-suggestion"
                    data-kind={r.kind}
                  >
                    <SuggestionLabel result={r} />
                  </div>
                ))}
              </div>
            );
          })
        )}
      </div>
    </div>
  );
};

const NO_OPTIONS: readonly search.SearchResult[] = [];

const GROUP_TITLE: Readonly<Record<search.SuggestGroup, string>> = {
  tag: 'search.suggestTags',
  user: 'search.suggestPeople',
  work: 'search.suggestWorks',
};

const SuggestionLabel = ({ result }: { readonly result: search.SearchResult }) => {
  switch (result.kind) {
    case 'tag':
      return (
        <>
          <span dir="auto">#{result.tag.name}</span>
          <small>
            <FormattedMessage
              id="search.tagWorks"
              values={{ count: result.tag.works, shown: format.formatCount(result.tag.works) }}
            />
          </small>
        </>
      );
    case 'user':
      return (
        <>
          <span dir="auto">{result.user.name}</span>
          <small>
            <FormattedMessage
              id="search.userStats"
              values={{
                followers: result.user.followers,
                followersShown: format.formatCount(result.user.followers),
                works: result.user.works,
                worksShown: format.formatCount(result.user.works),
              }}
            />
          </small>
        </>
      );
    case 'work':
      return (
        <>
          <span dir="auto">{result.work.title}</span>
          <small dir="auto">{result.work.authorName}</small>
        </>
      );
  }
};

export const SearchBox = () => {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className={styles.wide}>
        <SearchField />
      </div>
      <span className={styles.compact}>
        <DeferredDialog
          open={open}
          onOpenChange={setOpen}
          title={<FormattedMessage id="search.title" />}
          closeLabel={intl.formatMessage({ id: 'search.close' })}
          size="sm"
          trigger={
            <IconButton label={intl.formatMessage({ id: 'search.open' })} data-testid="search-open">
              <SearchIcon />
            </IconButton>
          }
        >
          <div className={styles.dialogForm}>
            <SearchField focusOnOpen onDone={() => setOpen(false)} />
          </div>
        </DeferredDialog>
      </span>
    </>
  );
};
