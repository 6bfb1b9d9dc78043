/** Writing a post (issue 21): the editor page is loaded by its route from ./pages. */
export {};
