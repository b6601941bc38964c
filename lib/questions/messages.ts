// Deterministic sentences for the model, one per rejection code (SPEC §2).
import { stripBidiControls } from "../text/bidi";
import type { Rejection } from "./schemas";

const PROCEED = "Proceed with your best judgement and state your assumptions.";

export function rejection(code: Rejection["code"], reason?: string | null): Rejection {
  const why = reason ? ` Reason: ${stripBidiControls(reason)}` : "";
  switch (code) {
    case "non_interactive":
      return { code, message: `No human is available to answer (non-interactive run). ${PROCEED}` };
    case "policy_denied":
      return { code, message: `Asking a human is disabled by policy for this agent. ${PROCEED}` };
    case "expired":
      return { code, message: `No human answered before the question expired. ${PROCEED}` };
    case "cancelled":
      return { code, message: `The question was withdrawn before anyone answered.${why} Do not wait for an answer.` };
    case "reviewer_rejected":
      return { code, message: `The reviewer declined to answer.${why} Do not ask the same question again; adjust your plan accordingly.` };
  }
}
