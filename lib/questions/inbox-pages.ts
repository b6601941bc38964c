// How the inbox list is paged (no imports: the browser's bundle reads these too).

/** Rows in the page's own HTML: a screenful and more. The rest come as the reviewer scrolls. */
export const INBOX_FIRST = 50;
/** Rows per later fetch of GET /api/ui/requests, and its default. */
export const INBOX_PAGE = 200;
/** The most one fetch may ask for: a refetch asks for as many as the page already holds. */
export const INBOX_MAX = 1000;
