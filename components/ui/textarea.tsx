import type { ComponentProps } from "react";
import { cn } from "./cn";
import { fieldClass } from "./input";

export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(fieldClass, "py-2 leading-relaxed", className)} {...props} />;
}
