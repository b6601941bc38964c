// Lookups by key that share queries under load. At most `inFlight` queries run at once; keys asked
// meanwhile wait in this process and go together, as one query, when a query ends. Thousands of
// waits on PostgreSQL each opened with their own queries queued thousands deep inside pg's pool,
// a connection per query; a batch answers them in a round trip. A lookup's query always starts
// after it was asked, so an answer is never older than its question; alone, it goes at once.
export type Batched<K, V> = (key: K) => Promise<V>;

const MAX_KEYS = 500;

type Waiter<K, V> = { key: K; resolve: (v: V) => void; reject: (e: unknown) => void };

/** `run(keys)` answers every key, in order. */
export function batched<K, V>(inFlight: number, run: (keys: K[]) => Promise<V[]>): Batched<K, V> {
  let queue: Waiter<K, V>[] = [];
  let running = 0;
  const pump = () => {
    while (running < inFlight && queue.length > 0) {
      const batch = queue.length <= MAX_KEYS ? queue : queue.slice(0, MAX_KEYS);
      queue = queue.length <= MAX_KEYS ? [] : queue.slice(MAX_KEYS);
      running++;
      run(batch.map((w) => w.key))
        .then(
          (values) => batch.forEach((w, i) => w.resolve(values[i]!)),
          (e: unknown) => batch.forEach((w) => w.reject(e)),
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      pump();
    });
}
