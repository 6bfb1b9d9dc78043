import { createContext, useContext, useEffect } from 'react';

/** Lets a page that replaces its route's content (404, 403, an error) name the document instead. */
export const TitleOverrideContext = createContext<(titleId: string | null) => void>(() => undefined);

export const useTitleOverride = (titleId: string) => {
  const set = useContext(TitleOverrideContext);
  useEffect(() => {
    set(titleId);
    return () => set(null);
  }, [set, titleId]);
};
