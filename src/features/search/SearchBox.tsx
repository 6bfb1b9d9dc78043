/**
 * The header's search box (issue 11): a combobox whose tag suggestions come from the debounced
 * suggest epic; Enter searches works for the text (`/search?q=&tab=1`), a suggestion opens its
 * tag's page. Below 640 px the box is behind a search icon button that opens it in a dialog.
 */
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { format, search } from '../../../domain/index.js';
import { clearSuggestions, suggestTags } from '../../../infrastructure/details/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { Dialog, IconButton } from '../../ui';
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
  const [active, setActive] = useState(-1);
  const { items } = useSuggestions();
  const shown = open && search.suggestPrefixOf(text) !== null ? items : [];
  const close = () => {
    setOpen(false);
    setActive(-1);
    dispatch(clearSuggestions({}));
  };
  const go = (href: string) => {
    close();
    onDone?.();
    void navigate(to(href));
  };
  const submit = () => {
    const chosen = active >= 0 ? shown[active] : undefined;
    if (chosen) return go(search.tagPath(chosen.name));
    if (search.normaliseQuery(text) === '') return;
    go(search.searchHref(text));
  };
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
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 && shown[active] ? `${listId}-${active}` : undefined}
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
          value={text}
          maxLength={search.QUERY_MAX_LENGTH}
          // The dialog of the small screens opens with the box focused.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focusOnOpen}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            dispatch(suggestTags({ text: e.target.value }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && shown.length > 0) {
              e.preventDefault();
              setActive((a) => (a + 1) % shown.length);
            } else if (e.key === 'ArrowUp' && shown.length > 0) {
              e.preventDefault();
              setActive((a) => (a <= 0 ? shown.length - 1 : a - 1));
            } else if (e.key === 'Escape' && shown.length > 0) {
              e.preventDefault();
              close();
            }
          }}
          onBlur={close}
          data-testid="search-input"
        />
        <IconButton type="submit" size="sm" label={intl.formatMessage({ id: 'search.submit' })}>
          <SearchIcon />
        </IconButton>
      </form>
      <ul
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage({ id: 'search.suggestions' })}
        className={styles.listbox}
        hidden={shown.length === 0}
        data-testid="search-suggestions"
      >
        {shown.map((tag, i) => (
          <li
            key={tag.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={styles.option}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              go(search.tagPath(tag.name));
            }}
            data-testid="search-suggestion"
          >
            <span>#{tag.name}</span>
            <small>
              <FormattedMessage
                id="search.tagWorks"
                values={{ count: tag.works, shown: format.formatCount(tag.works) }}
              />
            </small>
          </li>
        ))}
      </ul>
    </div>
  );
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
        <Dialog
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
        </Dialog>
      </span>
    </>
  );
};
