import { useState } from 'react';

type Ids = ReadonlySet<string>;

/**
 * The collects selected in one folder: the selection belongs to that folder, so choosing another
 * starts with nothing selected.
 */
export const useCollectSelection = (folderId: string | null) => {
  const [selection, setSelection] = useState<{ readonly folder: string | null; readonly ids: Ids }>({
    folder: null,
    ids: new Set(),
  });
  const selected: Ids = selection.folder === folderId ? selection.ids : new Set();
  const setSelected = (next: Ids | ((s: Ids) => Ids)) =>
    setSelection((cur) => {
      const base = cur.folder === folderId ? cur.ids : new Set<string>();
      return { folder: folderId, ids: typeof next === 'function' ? next(base) : next };
    });
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, setSelected, toggle };
};
