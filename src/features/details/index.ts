/** Detail pages (issue 11): the pages are loaded by their routes from ./pages; tiles of works are shared. */
export { TileSkeletons, WorkGrid, WorkTile } from './parts';
