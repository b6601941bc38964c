// Download links for the filtered history; the route re-checks the lead role and filters.
import { buttonClass } from "@/components/ui";

function DownloadIcon() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M8 2.5v8M4.5 7 8 10.5 11.5 7M3 13.5h10" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ExportLinks({ query }: { query: string }) {
  const href = (format: "csv" | "json") => `/api/ui/history/export?${new URLSearchParams([["format", format], ...new URLSearchParams(query)])}`;
  return (
    <div className="flex items-center gap-2">
      <a href={href("csv")} download className={buttonClass("secondary", "sm")}>
        <DownloadIcon />
        Export CSV
      </a>
      <a href={href("json")} download className={buttonClass("secondary", "sm")}>
        <DownloadIcon />
        Export JSON
      </a>
    </div>
  );
}
