/**
 * Asks the server process, through the V8 inspector it was started with (--inspect on loopback,
 * port chosen by the OS), to collect garbage and report process.memoryUsage(): "RSS after a GC"
 * is then a measurement, not a guess. Uses Node's built-in WebSocket client.
 */
export type MemoryUsage = {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
};

/** The inspector's WebSocket URL from the server's output ("Debugger listening on ws://..."). */
export function inspectorUrl(output: string): string | null {
  return /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/.exec(output)?.[1] ?? null;
}

export async function withInspector<T>(
  url: string,
  work: (call: (method: string, params?: object) => Promise<unknown>) => Promise<T>,
  timeoutMs = 30_000,
): Promise<T> {
  const socket = new WebSocket(url);
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  let serial = 0;
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`cannot reach ${url}`)), {
      once: true,
    });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      serial += 1;
      const id = serial;
      const timer = setTimeout(() => reject(new Error(`${method} timed out`)), timeoutMs);
      pending.set(id, (message) => {
        clearTimeout(timer);
        pending.delete(id);
        if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    return await work(call);
  } finally {
    socket.close();
  }
}

/** Full garbage collection (twice: weak callbacks free more on the second pass), then usage. */
export async function memoryAfterGc(url: string): Promise<MemoryUsage> {
  return withInspector(url, async (call) => {
    await call("HeapProfiler.enable");
    await call("HeapProfiler.collectGarbage");
    await call("HeapProfiler.collectGarbage");
    const result = (await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(result.result.value) as MemoryUsage;
  });
}
