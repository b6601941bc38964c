// Request context as markdown. Raw HTML is never rendered (react-markdown shows it as text, and
// rehype-sanitize drops anything outside GitHub's safe subset, e.g. javascript: links).
import Markdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";

const components: Components = {
  h1: ({ children }) => <h3 className="mt-4 mb-2 text-base font-semibold first:mt-0">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-4 mb-2 text-sm font-semibold first:mt-0">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-3 mb-1.5 text-sm font-semibold first:mt-0">{children}</h4>,
  p: ({ children }) => <p className="my-2 leading-relaxed first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-orange-700 underline underline-offset-2 hover:no-underline dark:text-orange-400">
      {children}
    </a>
  ),
  blockquote: ({ children }) => <blockquote className="my-2 border-l-2 border-zinc-300 pl-3 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{children}</blockquote>,
  pre: ({ children }) => (
    // Focusable: a keyboard user can scroll a long line sideways (axe scrollable-region-focusable).
    <pre tabIndex={0} className="relative my-2 max-w-full overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs leading-relaxed dark:bg-zinc-950 [&_code]:bg-transparent [&_code]:p-0">{children}</pre>
  ),
  code: ({ children }) => <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800">{children}</code>,
  table: ({ children }) => (
    <div tabIndex={0} className="relative my-2 max-w-full overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border-b border-zinc-300 px-2 py-1 font-semibold dark:border-zinc-700">{children}</th>,
  td: ({ children }) => <td className="border-b border-zinc-200 px-2 py-1 dark:border-zinc-800">{children}</td>,
  img: ({ alt }) => <span className="text-zinc-500 dark:text-zinc-400">[image: {alt || "no description"}]</span>,
  hr: () => <hr className="my-3 border-zinc-200 dark:border-zinc-800" />,
};

export function ContextMarkdown({ source }: { source: string }) {
  return (
    <div className="text-sm break-words text-zinc-800 dark:text-zinc-200">
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components}>
        {source}
      </Markdown>
    </div>
  );
}

/** Context longer than this (characters or lines) starts folded behind "Show all". */
export function isLongContext(source: string): boolean {
  return source.length > 700 || source.split("\n").length > 12;
}
