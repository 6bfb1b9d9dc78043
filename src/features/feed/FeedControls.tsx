import { useIntl } from 'react-intl';
import { feed } from '../../../domain/index.js';
import { MultiSelect, Select, type SelectOption } from '../../ui';
import styles from './Explore.module.css';

/** Radix Select has no empty value: "any" stands for a filter left unset. */
const ANY = 'any';

type Params = feed.FeedQuery['params'];

/** The query with one value changed, normalised by the domain (its address written and read back). */
const withParams = (
  tab: feed.FeedTab,
  query: feed.FeedQuery,
  change: Partial<Params>,
  drop: readonly (keyof Params)[],
): feed.FeedQuery => {
  const params: Record<string, unknown> = { ...query.params, ...change, offset: 0 };
  for (const k of drop) delete params[k];
  const changed = { ...query, params: params as unknown as Params };
  return feed.parseSquareSearch(tab, feed.writeSquareSearch(tab, changed));
};

/**
 * The sort, time window and the tab's filters (spec §2, §7), as the address holds them; a
 * change writes a new address, and the list of the new query loads from its first page. Base
 * models and model types take several values each (repeated `base` and `type` in the address).
 */
export const FeedControls = ({
  tab,
  query,
  onChange,
}: {
  readonly tab: feed.FeedTab;
  readonly query: feed.FeedQuery;
  readonly onChange: (next: feed.FeedQuery) => void;
}) => {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const p = query.params;
  const keys = feed.filterKeysOf(tab);
  const any: SelectOption = { value: ANY, label: t('feed.filter.any') };
  const set = (key: keyof Params, value: string | boolean | readonly string[] | undefined) =>
    onChange(
      value === undefined ? withParams(tab, query, {}, [key]) : withParams(tab, query, { [key]: value }, []),
    );
  return (
    <div className={styles.controls} data-testid="feed-controls">
      <Select
        label={t('feed.sort')}
        name="sort"
        value={p.order_by}
        options={feed.sortOptionsOf(tab).map((s) => ({ value: s, label: t(`feed.sort.${s}`) }))}
        onValueChange={(v) => set('order_by', v)}
      />
      <Select
        label={t('feed.time')}
        name="time"
        value={p.timeType}
        options={feed.TIME_FILTERS.map((f) => ({ value: f, label: t(`feed.time.${f}`) }))}
        onValueChange={(v) => set('timeType', v)}
      />
      {keys.includes('base') && (
        <MultiSelect
          label={t('feed.filter.base')}
          placeholder={t('feed.filter.any')}
          clearLabel={t('feed.filter.any')}
          value={p.base_models ?? []}
          options={feed.BASE_MODEL_FAMILIES.map((b) => ({ value: b, label: b }))}
          onValueChange={(v) => set('base_models', v.length === 0 ? undefined : v)}
        />
      )}
      {keys.includes('type') && (
        <MultiSelect
          label={t('feed.filter.type')}
          placeholder={t('feed.filter.any')}
          clearLabel={t('feed.filter.any')}
          value={p.model_types ?? []}
          options={feed.MODEL_TYPES.map((m) => ({ value: m, label: m }))}
          onValueChange={(v) => set('model_types', v.length === 0 ? undefined : v)}
        />
      )}
      {keys.includes('channel') && (
        <Select
          label={t('feed.filter.channel')}
          name="channel"
          value={p.sub_channel ?? ANY}
          options={[any, ...feed.POST_SUB_CHANNELS.map((c) => ({ value: c, label: t(`feed.channel.${c}`) }))]}
          onValueChange={(v) => set('sub_channel', v === ANY ? undefined : v)}
        />
      )}
      {keys.includes('nodes') && (
        <Select
          label={t('feed.filter.nodes')}
          name="nodes"
          value={p.nodes_type ?? ANY}
          options={[any, ...feed.WORKFLOW_NODE_TYPES.map((n) => ({ value: n, label: t(`feed.nodes.${n}`) }))]}
          onValueChange={(v) => set('nodes_type', v === ANY ? undefined : v)}
        />
      )}
      {keys.includes('run') && (
        <Select
          label={t('feed.filter.run')}
          name="run"
          value={p.run_available === undefined ? ANY : p.run_available ? 'yes' : 'no'}
          options={[
            any,
            { value: 'yes', label: t('feed.run.yes') },
            { value: 'no', label: t('feed.run.no') },
          ]}
          onValueChange={(v) => set('run_available', v === ANY ? undefined : v === 'yes')}
        />
      )}
    </div>
  );
};
