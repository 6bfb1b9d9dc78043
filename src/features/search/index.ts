/** Search and tags (issue 11): the header's search box; the pages are loaded by their routes from ./pages. */
export { SearchBox } from './SearchBox';
