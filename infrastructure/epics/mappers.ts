/** Wire values every area's calls share (area mappers live in each area's mappers.ts). */

/** Spec §4: a guest's task calls carry `g_mode: 1`; an account's carry nothing. */
export const guestMode = (guest: boolean): { readonly g_mode?: 1 } => (guest ? { g_mode: 1 } : {});
