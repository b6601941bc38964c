/** The first tab stop of every signed-in page: straight past the navigation to the content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus-visible:outline-2 focus-visible:outline-orange-500 dark:bg-zinc-900 dark:text-zinc-100"
    >
      Skip to content
    </a>
  );
}
