// Titles and prompts are plain text, but agents quote identifiers in backticks: show those as
// code (issue 13). Only paired backticks count; everything stays text, nothing is parsed as HTML.
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`\n]+)`/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] break-all dark:bg-zinc-800">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
