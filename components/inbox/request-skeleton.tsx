import { Card } from "@/components/ui";

const bar = "animate-pulse rounded bg-zinc-200 dark:bg-zinc-800";

/** Placeholder for a request page with the answer form's shape: header, options, note, buttons, details. */
export function RequestSkeleton() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the request
      </span>
      <div className="grid gap-2">
        <div className={`${bar} h-3 w-14`} />
        <div className={`${bar} h-6 w-3/4 max-w-lg`} />
        <div className={`${bar} h-4 w-1/2 max-w-sm`} />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          <div className="grid gap-4 px-4 py-4">
            <div className={`${bar} h-5 w-20`} />
            <div className={`${bar} h-5 w-2/3`} />
            <div className="grid gap-2">
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex items-center gap-3 rounded-md border border-zinc-200 px-3 py-3 dark:border-zinc-800">
                  <div className={`${bar} size-4 rounded-full`} />
                  <div className={`${bar} h-4 w-1/3`} />
                </div>
              ))}
            </div>
            <div className={`${bar} h-8 w-full`} />
          </div>
          <div className="flex justify-between border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">
            <div className={`${bar} h-9 w-20`} />
            <div className={`${bar} h-9 w-24`} />
          </div>
        </Card>
        <Card className="hidden lg:block">
          <div className="grid gap-3 px-4 py-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={`${bar} h-4 w-full`} />
            ))}
          </div>
        </Card>
      </div>
    </div>
  );
}
