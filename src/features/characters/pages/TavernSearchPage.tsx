import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { searchCharacters } from '../../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Button, EmptyState, ErrorState, Field, Skeleton, TextInput } from '../../../ui';
import { CharacterCard } from '../CharacterCard';
import styles from '../Characters.module.css';
import { useCharacterSearch } from '../useCharacters';

/** Spec §2 tavernSearch: `/tavern/search?q=`; the keyword lives in the address, so it can be shared. */
const TavernSearchPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const { search, results } = useCharacterSearch();
  // The field follows the address when it changes (back, forward, a shared link).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q);
  }
  useEffect(() => {
    if (q !== '') dispatch(searchCharacters({ keyword: q }));
  }, [dispatch, q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const keyword = draft.trim();
    setParams(keyword === '' ? {} : { q: keyword });
  };
  const current = search.keyword === q;
  return (
    <section className={styles.page} aria-labelledby="search-title">
      <header>
        <h1 id="search-title" className={styles.heading}>
          <FormattedMessage id="characters.search.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="characters.search.subtitle" />
        </p>
      </header>
      <form className={styles.searchForm} onSubmit={submit} role="search">
        <Field label={<FormattedMessage id="characters.search.label" />} hideLabel>
          <TextInput
            type="search"
            value={draft}
            maxLength={60}
            placeholder={intl.formatMessage({ id: 'characters.search.placeholder' })}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="tavern-search-input"
          />
        </Field>
        <Button type="submit" variant="primary">
          <FormattedMessage id="characters.search.submit" />
        </Button>
      </form>
      {q === '' && <EmptyState title={<FormattedMessage id="characters.search.prompt" />} />}
      {q !== '' && current && search.status === 'error' && (
        <ErrorState
          title={<FormattedMessage id="characters.search.error" />}
          retryLabel={intl.formatMessage({ id: 'chat.list.retry' })}
          onRetry={() => dispatch(searchCharacters({ keyword: q }))}
        />
      )}
      {q !== '' && current && search.status === 'loaded' && results.length === 0 && (
        <EmptyState title={<FormattedMessage id="characters.search.empty" values={{ q }} />} />
      )}
      {q !== '' && (
        <ul className={styles.grid} data-testid="search-results" aria-busy={search.status === 'loading'}>
          {current &&
            results.map((c, i) => (
              <li key={c.id}>
                <CharacterCard character={c} to={`/tavern/${encodeURIComponent(c.id)}`} priority={i === 0} />
              </li>
            ))}
          {search.status === 'loading' &&
            (!current || results.length === 0) &&
            Array.from({ length: 4 }, (_, i) => (
              <li key={`s${i}`} aria-hidden="true">
                <Skeleton height="320px" />
              </li>
            ))}
        </ul>
      )}
      {q !== '' && current && search.hasMore && (
        <Button
          variant="secondary"
          loading={search.status === 'loading'}
          onClick={() => dispatch(searchCharacters({ keyword: q, append: true }))}
        >
          <FormattedMessage id="characters.search.more" />
        </Button>
      )}
    </section>
  );
};

export default TavernSearchPage;
