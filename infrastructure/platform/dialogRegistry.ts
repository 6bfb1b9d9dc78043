/**
 * The browser side of the spec §8 dialog manager's lookup (`PlatformDeps.findDialog`, which
 * notices/dialogs.ts retries): the names of the dialogs mounted now.
 */

/** A registry the views fill: a mounted dialog registers its name and unregisters on unmount. */
export const makeDialogRegistry = () => {
  const mounted = new Map<string, number>();
  return {
    has: (name: string): boolean => (mounted.get(name) ?? 0) > 0,
    register: (name: string): (() => void) => {
      mounted.set(name, (mounted.get(name) ?? 0) + 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const n = (mounted.get(name) ?? 1) - 1;
        if (n <= 0) mounted.delete(name);
        else mounted.set(name, n);
      };
    },
  };
};
