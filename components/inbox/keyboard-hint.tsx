import { Kbd } from "@/components/ui";

export type HintKind = "select" | "freeform" | "approval" | "review";

type Props = {
  /** What the current step is: the hints name only the keys that act on it (issue 22). */
  kind: HintKind;
  steps: boolean;
  allowAlways?: boolean;
  /** Esc rejects the request (requests with a non-approval question); on an approval Esc denies it. */
  canReject: boolean;
};

const item = "inline-flex items-center gap-1";

/** The visible key map under the answer form (hidden on touch-sized screens). */
export function KeyboardHint({ kind, steps, allowAlways = false, canReject }: Props) {
  return (
    <p className="hidden flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500 sm:flex dark:text-zinc-400" role="note" aria-label="Keyboard shortcuts">
      {kind === "approval" ? (
        <>
          <span className={item}>
            <Kbd>y</Kbd> approve
          </span>
          {allowAlways ? (
            <span className={item}>
              <Kbd>a</Kbd> approve always
            </span>
          ) : null}
          <span className={item}>
            <Kbd>n</Kbd> deny (asks for an optional note)
          </span>
        </>
      ) : null}
      {kind === "select" ? (
        <>
          <span className={item}>
            <Kbd>1</Kbd>–<Kbd>9</Kbd> choose (does not send)
          </span>
          <span className={item}>
            <Kbd>j</Kbd>/<Kbd>k</Kbd> or <Kbd>↓</Kbd>/<Kbd>↑</Kbd> move
          </span>
        </>
      ) : null}
      {steps ? (
        <span className={item}>
          <Kbd>←</Kbd>/<Kbd>→</Kbd> question
        </span>
      ) : null}
      {kind !== "approval" || steps ? (
        <span className={item}>
          <Kbd>Enter</Kbd> {steps ? "next / submit" : "submit"}
        </span>
      ) : null}
      {kind === "freeform" || kind === "select" ? (
        <span className={item}>
          <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd> from a text box
        </span>
      ) : null}
      {kind === "approval" ? (
        <span className={item}>
          <Kbd>Esc</Kbd> deny
        </span>
      ) : canReject ? (
        <span className={item}>
          <Kbd>Esc</Kbd> reject
        </span>
      ) : null}
    </p>
  );
}
