/**
 * The decorations others see (spec §2, §3 avatar_frame; §7 ornament use with a work_id): SQL
 * pieces that join what a person wears into the square's lists and pages, so a list stays one
 * query whatever its length (no query per card).
 *
 * Each piece is a pair of LEFT JOINs on `ornament_wear` and `ornaments` that matches at most one
 * row, by the partial unique indexes of migration 003: `ornament_wear_one_avatar (account_id)
 * WHERE type = 'avatar_box'` and `ornament_wear_one_per_work (account_id, work_id) WHERE type =
 * 'production_box'`, so joining it never duplicates a row and reads one index entry per row. A worn
 * ornament is always owned (its foreign key cascades from `ornament_ownership`).
 *
 * A production box is worn on one of its owner's generation tasks (server/decorations/decorations.ts);
 * the square shows that task as the artwork published from it, whose `extra.task_id` names it
 * (server/tasks/publish.ts). A work made any other way carries no production box.
 */

/** The column an avatar-box join adds, holding the box's preview key (null when none is worn). */
export const avatarFrameColumn = (alias: string): string => `${alias}.preview_key`;

/** LEFT JOINs the avatar box the account in `accountColumn` wears, as ornament alias `alias`. */
export const wornAvatarBoxJoin = (accountColumn: string, alias: string): string =>
  `LEFT JOIN ornament_wear ${alias}_w ON ${alias}_w.account_id = ${accountColumn} AND ${alias}_w.type = 'avatar_box'
   LEFT JOIN ornaments ${alias} ON ${alias}.id = ${alias}_w.ornament_id`;

/**
 * LEFT JOINs the production box the author of content item `itemAlias` wears on it (on the task
 * it was published from), as ornament alias `alias`.
 */
export const wornProductionBoxJoin = (itemAlias: string, alias: string): string =>
  `LEFT JOIN ornament_wear ${alias}_w ON ${alias}_w.type = 'production_box'
     AND ${alias}_w.account_id = ${itemAlias}.author_id AND ${alias}_w.work_id = ${itemAlias}.extra->>'task_id'
   LEFT JOIN ornaments ${alias} ON ${alias}.id = ${alias}_w.ornament_id`;

/**
 * The production box the owner of task `taskAlias` wears on it (spec §7 ornament use with a work_id:
 * the task's own id), as a column named `as` holding its preview key: for the queries that show the
 * queue, which select whole task rows.
 */
export const taskProductionBoxColumn = (taskAlias: string, as: string): string =>
  `(SELECT o.preview_key FROM ornament_wear w JOIN ornaments o ON o.id = w.ornament_id
      WHERE w.type = 'production_box' AND w.account_id = ${taskAlias}.account_id AND w.work_id = ${taskAlias}.id) AS ${as}`;

/** The image URL of a worn box from its preview key, or null when none is worn. */
export const frameUrlOf = (urlOf: (key: string) => string, key: string | null | undefined): string | null =>
  key === null || key === undefined ? null : urlOf(key);
