/**
 * Feed lists answer GET as well as POST: the query string is turned into the JSON body shape
 * and decoded by the same codec. Arrays come as repeated keys (`base_models=A&base_models=B`),
 * `key[]=` keys or comma-separated values; integers and booleans are converted only when they
 * are well-formed, so anything else still fails the codec (10400).
 */
const ARRAY_KEYS: ReadonlySet<string> = new Set(['artwork_types', 'base_models', 'model_types']);
const INT_KEYS: ReadonlySet<string> = new Set(['offset', 'limit']);
const INT_ARRAY_KEYS: ReadonlySet<string> = new Set(['artwork_types']);
const BOOL_KEYS: ReadonlySet<string> = new Set(['run_available']);

const toInt = (s: string): number | string => (/^-?\d{1,9}$/.test(s) ? Number(s) : s);
const toBool = (s: string): boolean | string =>
  s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : s;

export const bodyFromQuery = (query: unknown): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (typeof query !== 'object' || query === null) return out;
  for (const [rawKey, rawValue] of Object.entries(query as Record<string, unknown>)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const values = (Array.isArray(rawValue) ? rawValue : [rawValue]).filter(
      (v): v is string => typeof v === 'string',
    );
    if (ARRAY_KEYS.has(key)) {
      const parts = values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
      out[key] = INT_ARRAY_KEYS.has(key) ? parts.map(toInt) : parts;
    } else if (values.length !== 1) {
      out[key] = values;
    } else if (INT_KEYS.has(key)) {
      out[key] = toInt(values[0]!);
    } else if (BOOL_KEYS.has(key)) {
      out[key] = toBool(values[0]!);
    } else {
      out[key] = values[0];
    }
  }
  return out;
};
