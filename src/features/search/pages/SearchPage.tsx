import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { search, type details } from '../../../../domain/index.js';
import { loadSearchResults } from '../../../../infrastructure/search/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, EmptyState, ErrorState, Field, TabsNav, TextInput } from '../../../ui';
import { TileSkeletons, WorkGrid } from '../../details';
import { TagCards, TagSkeletons, UserCards } from '../parts';
import styles from '../Search.module.css';
import { useResults, useSearchAddress } from '../useSearch';

/** The page's own search field: it starts from the address's text and searches in the same tab. */
const SearchForm = ({ query, tab }: { readonly query: string; readonly tab: search.SearchTabValue }) => {
  const intl = useIntl();
  const navigate = useNavigate();
  const { to } = useLocale();
  const [text, setText] = useState(query);
  return (
    <form
      className={styles.pageForm}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (search.normaliseQuery(text) !== '') void navigate(to(search.searchHref(text, tab)));
      }}
    >
      <Field label={<FormattedMessage id="search.label" />} hideLabel>
        <TextInput
          type="search"
          value={text}
          maxLength={search.QUERY_MAX_LENGTH}
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
          onChange={(e) => setText(e.target.value)}
          data-testid="search-page-input"
        />
      </Field>
      <Button type="submit" variant="primary">
        <FormattedMessage id="search.submit" />
      </Button>
    </form>
  );
};

/** `/search?q=&tab=`: the spec §2 search tabs, each with real results, a page at a time. */
const SearchPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const { query, tab } = useSearchAddress();
  const key = search.searchKey(query, tab);
  const results = useResults(key);
  useEffect(() => {
    if (query !== '') dispatch(loadSearchResults({ query, tab }));
  }, [dispatch, query, tab]);

  const groups = useMemo(() => {
    const works: details.WorkCard[] = [];
    const tags: search.TagCard[] = [];
    const users: search.UserCard[] = [];
    for (const r of results.items)
      if (r.kind === 'work') works.push(r.work);
      else if (r.kind === 'tag') tags.push(r.tag);
      else users.push(r.user);
    return { works, tags, users };
  }, [results.items]);

  const loading = query !== '' && results.status === 'loading';
  const firstLoad = loading && results.items.length === 0;
  return (
    <div className={styles.page} data-testid="search-page">
      <h1 className={styles.heading}>
        {query === '' ? (
          <FormattedMessage id="search.title" />
        ) : (
          <FormattedMessage id="search.heading" values={{ query }} />
        )}
      </h1>
      <SearchForm key={`${tab}:${query}`} query={query} tab={tab} />
      <div className={styles.tabs} data-testid="search-tabs">
        <TabsNav
          label={intl.formatMessage({ id: 'search.tabs' })}
          current={to(search.searchHref(query, tab))}
          items={search.SEARCH_TAB_VALUES.map((v) => ({
            href: to(search.searchHref(query, v)),
            label: <FormattedMessage id={`search.tab.${search.searchTabKey(v)}`} />,
          }))}
          renderLink={({ href, ...rest }) => <Link to={href} {...rest} />}
        />
      </div>
      {query === '' && <EmptyState title={<FormattedMessage id="search.start" />} />}
      {firstLoad && (tab === 6 || tab === 8 ? <TagSkeletons /> : <TileSkeletons count={8} />)}
      {results.status === 'error' && (
        <ErrorState
          title={<FormattedMessage id="search.error" />}
          retryLabel={intl.formatMessage({ id: 'details.retry' })}
          onRetry={() => dispatch(loadSearchResults({ query, tab }))}
        />
      )}
      {query !== '' && results.status === 'loaded' && results.items.length === 0 && (
        <div data-testid="search-empty">
          <EmptyState
            title={<FormattedMessage id="search.empty" values={{ query }} />}
            body={<FormattedMessage id="search.emptyHint" />}
          />
        </div>
      )}
      <div data-testid="search-results" data-key={key}>
        {groups.works.length > 0 && (
          <WorkGrid works={groups.works} label={intl.formatMessage({ id: 'search.results' })} />
        )}
        {groups.tags.length > 0 && (
          <TagCards tags={groups.tags} label={intl.formatMessage({ id: 'search.tab.tags' })} />
        )}
        {groups.users.length > 0 && <UserCards users={groups.users} />}
      </div>
      {results.hasMore && results.items.length > 0 && results.status !== 'error' && (
        <div className={styles.more}>
          <Button
            variant="ghost"
            loading={loading}
            onClick={() => dispatch(loadSearchResults({ query, tab }))}
          >
            <FormattedMessage id="search.more" />
          </Button>
        </div>
      )}
    </div>
  );
};

export default SearchPage;
