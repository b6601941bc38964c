"use client";
import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False during server rendering and hydration, true once React handles events. Disable submit
 * buttons with it: a form submitted before hydration would be a native GET, putting the values
 * (passwords too) into the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}
