import { Kbd } from "@/components/ui";

/** The visible key map under the answer form (hidden on touch-sized screens). */
export function KeyboardHint({ steps }: { steps: boolean }) {
  const item = "inline-flex items-center gap-1";
  return (
    <p className="hidden flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500 sm:flex dark:text-zinc-400" role="note" aria-label="Keyboard shortcuts">
      <span className={item}>
        <Kbd>1</Kbd>–<Kbd>9</Kbd> choose (does not send)
      </span>
      <span className={item}>
        <Kbd>j</Kbd>/<Kbd>k</Kbd> or <Kbd>↓</Kbd>/<Kbd>↑</Kbd> move
      </span>
      {steps ? (
        <span className={item}>
          <Kbd>←</Kbd>/<Kbd>→</Kbd> question
        </span>
      ) : null}
      <span className={item}>
        <Kbd>Enter</Kbd> {steps ? "next / submit" : "submit"}
      </span>
      <span className={item}>
        <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd> from a text box
      </span>
      <span className={item}>
        <Kbd>Esc</Kbd> reject
      </span>
    </p>
  );
}
