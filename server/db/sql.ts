/** A small builder for positional parameters ($1, $2, ...), so conditions compose safely. */
export class Params {
  readonly values: unknown[] = [];

  /** Adds a value and answers its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** `(…)` of placeholders for a non-empty list. */
  list(values: readonly unknown[]): string {
    if (values.length === 0) throw new Error('an IN list needs at least one value');
    return `(${values.map((v) => this.add(v)).join(', ')})`;
  }
}

/** A LIKE pattern matching `text` anywhere, with its wildcards escaped (default escape `\`). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const prefixPattern = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const DAY_MS = 24 * 3600 * 1000;
